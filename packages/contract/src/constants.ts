// Plain constants of the spec, without zod, so the web client can import them at runtime.

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
export const transferStatuses = ['SUCCESS', 'PENDING'] as const;
export const slipStatuses = ['processing', 'success', 'failed'] as const;
export const statementTypes = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export const bonusTypes = ['limit', 'day', 'week'] as const;

/** Page sizes and limits of spec section 9. */
export const limits = {
  requestTimeoutMs: 60_000,
  uploadTimeoutMs: 300_000,
  statementPageSize: 10,
  tablePageSize: 10,
  couponPageSize: 3,
  chatMessageMaxLength: 2000,
  transferMinimumBaht: 1,
  giftLinkMinimumBaht: 2,
  toastMs: 4000,
  agreementDelayMs: 1500,
  registerRedirectMs: 2000,
} as const;
