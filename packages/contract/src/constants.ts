// Plain constants of the spec, without zod, so the web client can import them at runtime.
// Nothing here imports entities.ts (it imports this file): decision 0136.

export const locales = ['th', 'la', 'en'] as const;
export type Locale = (typeof locales)[number];
export const currencies = ['BAHT', 'LAK'] as const;
export type Currency = (typeof currencies)[number];

/** Banks whose account name must be English letters and spaces (spec sections 5 and 9). */
export const englishNameBankCodes = ['KTB', 'TMB', 'BBL'] as const;
export const englishName = /^[A-Za-z ]+$/;
export const THAI_PHONE_LENGTH = 10;

export const gameCategories = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof gameCategories)[number];
/** WALLET or an active game account's code (spec section 2, "Transfer dialog"). */
export const WALLET = 'WALLET';
/**
 * The QR answer (GET /api/qrcode/:bankCode) when the member has no open QR; a QrState
 * (entities.ts checks it, where the type lives).
 */
export const NO_QR_STATE = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: null,
  message: null,
};
// The status vocabularies (transfer, slip, statement, ...) live in statuses.ts.
export { slipStatuses, transferStatuses } from './statuses';
export const statementTypes = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
/**
 * How a statement row's money moved (an addition to the spec's item, decision 0056): the
 * client names `from` / `to` with it, e.g. a QR deposit and a slip deposit from KBANK.
 */
export const statementChannels = [
  'qr', // QR deposit: from = the gateway (KBANK, WW, PAYTIMZ)
  'slip', // bank-slip deposit: from = the sender's bank
  'gift_link', // gift-link deposit: from = GIFT_LINK
  'deposit_notice', // manual deposit notice: from = the member's bank
  'game', // wallet <-> game account: the game's code on the other side
  'payout', // withdrawal: to = the member's bank
  'adjustment', // operator adjustment: OPERATOR on the other side
  'promotion', // bonus, promotion, invite, refund or coupon: BONUS on the other side
] as const;
export const bonusTypes = ['limit', 'day', 'week'] as const;
/**
 * A turnover condition's kind: what credited the money it guards (decisions 0071, 0112).
 * A spin coupon's prize opens a `coupon` grant.
 */
export const grantKinds = ['bonus', 'promotion', 'invite', 'refund', 'coupon'] as const;
export type GrantKind = (typeof grantKinds)[number];
/** The kinds that block deposits and end on a withdrawal (the spec's "bonus is active"). */
export const bonusGrantKinds = ['bonus', 'promotion'] as const satisfies readonly GrantKind[];

/** Page sizes and limits of spec section 9. */
export const limits = {
  requestTimeoutMs: 60_000,
  uploadTimeoutMs: 300_000,
  statementPageSize: 10,
  tablePageSize: 10,
  couponPageSize: 3,
  chatMessageMaxLength: 2000,
  /** Chat (spec section 9): history page, upload limits, timers. */
  chatHistoryPageSize: 10,
  chatImageMaxBytes: 10 * 1024 * 1024,
  chatVideoMaxBytes: 20 * 1024 * 1024,
  chatSendDelayMs: 500,
  chatMarkReadDebounceMs: 1000,
  chatRejoinCheckMs: 5000,
  chatSocketReconnectMs: 500,
  chatScrollHintPx: 60,
  transferMinimumBaht: 1,
  giftLinkMinimumBaht: 2,
  toastMs: 4000,
  agreementDelayMs: 1500,
  registerRedirectMs: 2000,
  /** Registration and new passwords (the contract's password schema). */
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /** An operator's own password (decision 0117): as long as production's OPERATOR_PASSWORD. */
  operatorPasswordMinLength: 12,
} as const;

/**
 * Deposits (issue 4). QR gateways and their quick amounts and minimums (spec sections 2,
 * 5 and 9). `minimumBaht` is the smallest amount a create accepts; the web also disables
 * the create button below it (KBANK: at or below 0, and nothing happens below 1).
 */
export const qrGateways = {
  KBANK: { quickAmounts: [10, 20, 50, 100, 500, 1000], minimumBaht: 1 },
  WW: { quickAmounts: [100, 200, 300, 500, 1000], minimumBaht: 100 },
  PAYTIMZ: { quickAmounts: [10, 50, 100, 500, 1000], minimumBaht: 10 },
} as const;
export type QrGatewayCode = keyof typeof qrGateways;
export const qrGatewayCodes = Object.keys(qrGateways) as QrGatewayCode[];

/**
 * The spec's "fixed shared secret" for the gift-link AES encryption (section 7). It ships
 * in the web bundle, so it hides nothing from an attacker; TLS protects the link in
 * transit. Kept because the contract says the link is sent encrypted (decision 0030).
 * Format: base64url( iv[12] || AES-256-GCM ciphertext || tag[16] ), key = SHA-256(secret).
 */
export const GIFT_LINK_SHARED_SECRET = 'royal-wallet-gift-link-v1';

/** The longest statement range, in months (issue 28, decision 0145). */
export const STATEMENT_RANGE_MAX_MONTHS = 12;
/** The statement's export files (decision 0145). */
export const statementExportFormats = ['csv', 'pdf'] as const;
