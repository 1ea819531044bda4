// Deposits by QR (PromptPay through the QR gateways, with their signed webhook) and by gift
// link; the reconcile flows that finish what a lost webhook or an unknown outcome left open.
// Money moves only through the ledger module.
export { depositRoutes } from './deposits.routes';
export { depositOperatorRoutes } from './deposits.operator.routes';
export { qrWebhookRoutes } from './deposits.webhook';
export { creditQrPayment, qrDepositFlow, webhookUrl } from './deposits.qr';
export { giftLinkFlow, GIFT_MINIMUM_SATANG } from './deposits.gift-links';
export { creditDeposit } from './deposits.credit';
export type { DepositCredit } from './deposits.credit';
export { decryptGiftLink, signWebhook, voucherHashOf } from './deposits.crypto';
// The reference formats the statement module reads back (its prefix table).
export { newQrRef } from './deposits.qr';
export { newGiftRef } from './deposits.gift-links';
// The money-outcome figures of /metrics (decision 0105).
export { countGiftLinksByStatus, countQrDepositsByStatus } from './deposits.counts';
