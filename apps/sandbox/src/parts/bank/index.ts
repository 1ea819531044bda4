import type { SandboxPart } from '../part.js';
import { BANK_PAGE_ROWS, renderBankPage } from './bank.page.js';
import { registerBankApi } from './bank.routes.js';
import type { BankStore } from './bank.store.js';

export { BankStore, type BankSnapshot } from './bank.store.js';

/** The bank: receives payouts now; QR payments and slips join it in issue 4. */
export function bankPart(store: BankStore): SandboxPart {
  return {
    id: 'bank',
    title: 'Bank',
    summary:
      'Receives the payouts the wallet sends to members’ bank accounts, exactly once by reference, with an optional seeded failure switch.',
    pages: [{ label: 'Accounts paid', href: '/bank' }],
    api: [
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
      await app.register(async (api) => registerBankApi(api, store, context));
      app.get('/bank', async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(
          renderBankPage({
            payees: store.payees(BANK_PAGE_ROWS),
            payeeCount: store.payeeCount,
            payouts: store.listPayouts({ limit: BANK_PAGE_ROWS }),
            payoutCount: store.payoutCount,
            faults: store.faults.report(),
          }),
        ),
      );
    },
  };
}
