import { acceptEmptyJsonBodies } from '../../lib/json-body.js';
import type { SandboxPart } from '../part.js';
import { registerQrApi } from './bank-qr.routes.js';
import { registerTransfersApi } from './bank-transfers.routes.js';
import { registerBankPages } from './bank.pages.routes.js';
import { registerBankApi } from './bank.routes.js';
import type { BankStore } from './bank.store.js';
import type { WebhookDispatcher } from './bank.webhooks.js';

export { BankStore, type BankSnapshot } from './bank.store.js';
export { WebhookDispatcher, signWebhook, type WebhookOptions } from './bank.webhooks.js';

/** The bank: payouts, the QR gateway for KBANK/WW/PAYTIMZ, and transfers with slips. */
export function bankPart(store: BankStore, webhooks: WebhookDispatcher): SandboxPart {
  return {
    id: 'bank',
    title: 'Bank',
    summary:
      'A bank, simulated. The QR gateway for KBANK, WW and PAYTIMZ: real PromptPay bill-payment QR payloads, paid once, reported by signed webhooks with retries. Account-to-account transfers that issue slip images carrying the bank’s mini-QR, and the slip-verify API. Payouts to members’ accounts, exactly once by reference.',
    pages: [{ label: 'Bank: pay QR, transfer, slips, payouts', href: '/bank' }],
    api: [
      {
        method: 'POST',
        path: '/bank/qr/:gateway/charges',
        description:
          '{ merchantRef, amount, expiresAt, callbackUrl } -> 201 { chargeId, merchantRef, payload, amount, expiresAt, status }; the same merchantRef and amount again is a replay, another amount 409 REF_CONFLICT.',
      },
      {
        method: 'GET',
        path: '/bank/qr/:gateway/charges/:chargeId',
        description: '{ chargeId, merchantRef, amount, expiresAt, status, txnId, paidAt }.',
      },
      {
        method: 'DELETE',
        path: '/bank/qr/:gateway/charges/:chargeId',
        description: 'Cancel: { status: CANCELLED }; a paid charge is 409 ALREADY_PAID.',
      },
      {
        method: 'GET',
        path: '/bank/qr/charges?status=OPEN',
        description: 'Charges newest first, with gateway and payload.',
      },
      {
        method: 'POST',
        path: '/bank/qr/pay',
        description:
          '{ payload } -> 201 { txnId, chargeId, amount, paidAt }, once; 400 INVALID_PAYLOAD, 404 UNKNOWN_CHARGE, 409 ALREADY_PAID / CANCELLED, 410 EXPIRED. Then the signed charge.paid webhook.',
      },
      {
        method: 'GET',
        path: '/bank/qr/webhooks?chargeId=',
        description: 'Webhook deliveries, newest first (status, attempts, last HTTP status).',
      },
      {
        method: 'POST',
        path: '/bank/qr/:gateway/charges/:chargeId/redeliver',
        description: 'Sends charge.paid again; answers the delivery after its first attempt.',
      },
      {
        method: 'POST',
        path: '/bank/transfers',
        description:
          '{ from: { bankCode, accountNo, name }, to: { bankCode, accountNo, name? }, amount, at? } -> 201 { transRef, sendingBank, amount, transferredAt, slipUrl }.',
      },
      {
        method: 'GET',
        path: '/bank/transfers/:transRef/slip.png',
        description: 'The slip image with the mini-QR (also slip.jpg). No key.',
      },
      {
        method: 'POST',
        path: '/bank/slips/verify',
        description:
          '{ sendingBank, transRef } -> { transRef, sendingBank, amount, transferredAt, sender (masked), receiver }; 404 SLIP_NOT_FOUND.',
      },
      {
        method: 'POST',
        path: '/bank/payouts',
        description:
          '{ ref, bankCode, accountNo, accountName, amount } (satang) -> 201 { ref, status: PAID, paidAt }; exactly once by ref.',
      },
      {
        method: 'GET',
        path: '/bank/payouts/:ref',
        description: 'A payout, or { ref, status: NOT_FOUND }.',
      },
      { method: 'GET', path: '/bank/payouts', description: 'Payouts, newest first.' },
      {
        method: 'PUT',
        path: '/bank/faults',
        description: '{ fail: 0..1, seed }: some payouts answer 500 without paying.',
      },
    ],
    register: async (app, context) => {
      // Two scopes: the keyed JSON API (with its own { error } handler) and the browser pages
      // and slip images (form bodies, no key).
      await app.register(async (api) => {
        acceptEmptyJsonBodies(api);
        registerBankApi(api, store, context);
        registerQrApi(api, store.qr, webhooks, context.now);
        registerTransfersApi(api, store.transfers, context.now);
      });
      await app.register(async (pages) => registerBankPages(pages, store, webhooks, context));
    },
  };
}
