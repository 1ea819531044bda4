// Deposits by QR (PromptPay through the QR gateways, with their signed webhook) and by gift
// link; the reconcile flows that finish what a lost webhook or an unknown outcome left open.
// Money moves only through the ledger module.
import type { ModuleFace } from '../../module-face';
import { byStatus } from '../../module-face';
import { countGiftLinksByStatus, countQrDepositsByStatus } from './deposits.counts';
import { giftLinkFlow } from './deposits.gift-links';
import { depositOperatorRoutes } from './deposits.operator.routes';
import { qrDepositFlow } from './deposits.qr';
import { depositRoutes } from './deposits.routes';
import { qrWebhookRoutes } from './deposits.webhook';
export { creditQrPayment, qrDepositFlow, webhookUrl } from './deposits.qr';
export { giftLinkFlow, GIFT_MINIMUM_SATANG } from './deposits.gift-links';
export { creditDeposit } from './deposits.credit';
export type { DepositCredit } from './deposits.credit';
export { decryptGiftLink, signWebhook, voucherHashOf } from './deposits.crypto';
// The reference formats the statement module reads back (its prefix table).
export { newQrRef } from './deposits.qr';
export { newGiftRef } from './deposits.gift-links';
export { giftLinksOfMember, qrDepositsOfMember } from './deposits.operator';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'deposits',
  // qrWebhookRoutes: the gateways' signed webhooks, not member calls (decision 0024).
  routes: [depositRoutes, depositOperatorRoutes, qrWebhookRoutes],
  flows: (deps) => [qrDepositFlow(deps), giftLinkFlow(deps)],
  gauges: ({ db }) => [
    {
      gauge: 'wallet_deposits',
      read: async () => byStatus(await countQrDepositsByStatus(db), { method: 'qr' }),
    },
    {
      gauge: 'wallet_deposits',
      read: async () => byStatus(await countGiftLinksByStatus(db), { method: 'gift_link' }),
    },
  ],
};
