import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBahtText } from '../../lib/money-text.js';
import type { PartContext } from '../part.js';
import { isQrGateway } from './bank-qr.store.js';
import { payAndNotify } from './bank-qr.routes.js';
import { makeTransfer, registerSlipImages } from './bank-transfers.routes.js';
import { transRefSchema } from './bank-qr.schemas.js';
import { DEMO_MEMBER_ACCOUNT, accountKey, type BankAccountRef } from './bank-accounts.store.js';
import {
  BANK_PAGE_ACCOUNTS,
  BANK_PAGE_QR_ROWS,
  BANK_PAGE_ROWS,
  bankNotices,
  renderBankPage,
  renderSlipMissing,
  renderSlipPage,
} from './bank.page.js';
import type { BankStore } from './bank.store.js';
import { chargePaidEvent, type WebhookDispatcher } from './bank.webhooks.js';

// What a tester's browser uses, without the key: the bank page, its forms (plain HTML form
// posts that redirect back, no script), the slip page and the slip images. Acting here is
// what a member does in a banking app; the keyed API is what servers call.

const PAY_ERRORS: Record<string, string> = {
  invalid: 'INVALID_PAYLOAD',
  unknown: 'UNKNOWN_CHARGE',
  already_paid: 'ALREADY_PAID',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
};

const pageQuerySchema = z.object({
  n: z.string().max(40).optional(),
  /** The account picked to fill the transfer form: `BANKCODE:accountNo`. */
  from: z.string().max(40).optional(),
});
const payFormSchema = z.object({ payload: z.string().max(600) });
const redeliverFormSchema = z.object({
  gateway: z.string().max(32),
  chargeId: z.string().max(64),
});
const transferFormSchema = z.object({
  fromBank: z.string().max(16),
  fromAccount: z.string().trim().max(64),
  fromName: z.string().trim().min(1).max(100),
  toBank: z.string().max(16),
  toAccount: z.string().trim().max(64),
  toName: z.string().trim().max(100).optional(),
  amount: z.string().max(32),
});

export function registerBankPages(
  app: FastifyInstance,
  store: BankStore,
  webhooks: WebhookDispatcher,
  context: PartContext,
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const back = (code: string, anchor: string) => `/bank?n=${code}#${anchor}`;

  /** The picked account if the bank knows it; else the last one seen; else the demo member. */
  const senderFor = (picked: string | undefined): { from: BankAccountRef; picked: boolean } => {
    if (picked !== undefined) {
      const [bankCode = '', accountNo = ''] = picked.split(':');
      const known =
        store.accounts.get(bankCode, accountNo) ??
        (picked === accountKey(DEMO_MEMBER_ACCOUNT) ? DEMO_MEMBER_ACCOUNT : undefined);
      if (known) return { from: known, picked: true };
    }
    return { from: store.accounts.list(1)[0] ?? DEMO_MEMBER_ACCOUNT, picked: false };
  };

  app.get('/bank', async (request, reply) => {
    const query = pageQuerySchema.safeParse(request.query);
    const code = query.success ? query.data.n : undefined;
    const sender = senderFor(query.success ? query.data.from : undefined);
    return reply.type('text/html; charset=utf-8').send(
      renderBankPage({
        payees: store.payees(BANK_PAGE_ROWS),
        payeeCount: store.payeeCount,
        payouts: store.listPayouts({ limit: BANK_PAGE_ROWS }),
        payoutCount: store.payoutCount,
        faults: store.faults.report(),
        openCharges: store.qr.list({ limit: BANK_PAGE_ROWS, status: 'OPEN' }),
        paidCharges: store.qr.list({ limit: BANK_PAGE_QR_ROWS, status: 'PAID' }),
        lastDelivery: (chargeId) => webhooks.list({ limit: 1, chargeId })[0],
        transfers: store.transfers.list(BANK_PAGE_QR_ROWS),
        transferCount: store.transfers.size,
        accounts: store.accounts.list(BANK_PAGE_ACCOUNTS),
        accountCount: store.accounts.size,
        ...sender,
        notice: code === undefined ? undefined : bankNotices[code],
        now: context.now(),
      }),
    );
  });

  app.post('/bank/page/qr-pay', async (request, reply) => {
    const form = payFormSchema.safeParse(request.body ?? {});
    if (!form.success) return reply.redirect(back('INVALID_PAYLOAD', 'qr'), 303);
    const result = payAndNotify(store.qr, webhooks, form.data.payload);
    request.log.info({ result: result.type }, 'qr pay (page)');
    if (result.type === 'paid') return reply.redirect(back('PAID', 'qr-paid'), 303);
    return reply.redirect(back(PAY_ERRORS[result.type] ?? 'INVALID_PAYLOAD', 'qr'), 303);
  });

  app.post('/bank/page/redeliver', async (request, reply) => {
    const form = redeliverFormSchema.safeParse(request.body ?? {});
    const charge =
      form.success && isQrGateway(form.data.gateway)
        ? store.qr.get(form.data.gateway, form.data.chargeId)
        : undefined;
    if (!charge) return reply.redirect(back('UNKNOWN_CHARGE', 'qr-paid'), 303);
    if (charge.status !== 'PAID') return reply.redirect(back('NOT_PAID', 'qr-paid'), 303);
    await webhooks.deliver(charge.callbackUrl, chargePaidEvent(charge), 'redeliver').firstAttempt;
    return reply.redirect(back('REDELIVERED', 'qr-paid'), 303);
  });

  app.post('/bank/page/transfer', async (request, reply) => {
    const form = transferFormSchema.safeParse(request.body ?? {});
    const amount = form.success ? parseBahtText(form.data.amount) : null;
    if (!form.success || amount === null) {
      return reply.redirect(back('INVALID_TRANSFER', 'transfer'), 303);
    }
    const f = form.data;
    const outcome = makeTransfer(
      store.transfers,
      {
        from: { bankCode: f.fromBank, accountNo: f.fromAccount, name: f.fromName },
        to: {
          bankCode: f.toBank,
          accountNo: f.toAccount,
          ...(f.toName ? { name: f.toName } : {}),
        },
        amount,
      },
      context.now,
    );
    if (outcome.type === 'made') {
      return reply.redirect(`/bank/slip/${outcome.transfer.transRef}`, 303);
    }
    const code = outcome.type === 'capacity' ? 'CAPACITY_REACHED' : 'INVALID_TRANSFER';
    return reply.redirect(back(code, 'transfer'), 303);
  });

  app.get('/bank/slip/:transRef', async (request, reply) => {
    const transRef = transRefSchema.safeParse((request.params as { transRef: string }).transRef);
    const transfer = transRef.success ? store.transfers.get(transRef.data) : undefined;
    if (!transfer) {
      return reply.code(404).type('text/html; charset=utf-8').send(renderSlipMissing());
    }
    return reply.type('text/html; charset=utf-8').send(renderSlipPage(transfer));
  });

  registerSlipImages(app, store.transfers);
}
