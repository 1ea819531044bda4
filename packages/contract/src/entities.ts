import { z } from 'zod';
import {
  bonusTypes,
  currencies,
  gameCategories,
  grantKinds,
  locales,
  NO_QR_STATE,
  statementChannels,
  statementTypes,
  transferStatuses,
} from './constants';
import {
  bankAccountNameRule,
  bankAccountNoRule,
  isBankAccountNameLength,
  isBankAccountNo,
  isPhoneDigits,
  passwordProblem,
  passwordRule,
  phoneRule,
  profileNameProblem,
  profileNameRule,
} from './member-fields';

// Entities of spec section 3. Field names are the spec's; answers are checked against these
// schemas before they are sent, and unknown request fields are refused (z.strictObject).

export const localeSchema = z.enum(locales);

export const currencySchema = z.enum(currencies);

export const idSchema = z.string().min(1).max(64);
export const isoDateSchema = z.string(); // ISO-8601 UTC, e.g. 2026-11-22T04:42:16.000Z
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

// --- lookups -------------------------------------------------------------------------
/** `nameLA` (the Lao name) is an addition to the spec's bank; decision 0058. */
const bankNamesSchema = z.object({
  nameTH: z.string(),
  nameLA: z.string().optional(),
  nameEN: z.string(),
});
export const bankSchema = z.object({ code: z.string() }).extend(bankNamesSchema.shape);
export type Bank = z.infer<typeof bankSchema>;
export const sourceSchema = z.object({ code: z.string(), description: z.string() });
export type Source = z.infer<typeof sourceSchema>;
export const infoSchema = z.object({ name: z.string(), website: z.string() });
export type Info = z.infer<typeof infoSchema>;
export const contactSchema = z.object({
  contactText: z.string(), // operator HTML, sanitised with an allowlist before rendering
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const depositBankSchema = z.object({
  bankCode: z.string(), // SCB, KBANK, GSB, BCEL, WW, PAYTIMZ, ...
  bankType: z.string(), // PAYMENT marks a payment gateway
  mode: z.string(), // AUTO or other
  bank: bankNamesSchema,
  bankAccountName: z.string(),
  /** Addition (decision 0058): the account name in Latin letters, where the operator set one. */
  bankAccountNameEN: z.string().optional(),
  bankAccountNo: z.string(),
  currency: currencySchema,
});
export type DepositBank = z.infer<typeof depositBankSchema>;
export const depositWalletSchema = z.object({ mode: z.string(), walletAccountName: z.string() });
export type DepositWallet = z.infer<typeof depositWalletSchema>;
export const depositLookupSchema = z.object({
  banks: z.array(depositBankSchema),
  wallets: z.array(depositWalletSchema),
  isManual: z.boolean(),
});
export type DepositLookup = z.infer<typeof depositLookupSchema>;
export const withdrawLookupSchema = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
export type WithdrawLookup = z.infer<typeof withdrawLookupSchema>;
/** Slip lookup fields are "not shown" in the spec; decided in decision 0002. */
export const slipLookupSchema = z.object({
  uploadWindowMinutes: z.number(), // a slip must be uploaded within this many minutes
  closedFrom: z.string().nullable(), // daily closed window, HH:mm Asia/Bangkok, or null
  closedTo: z.string().nullable(),
  maxFileBytes: z.number(),
});
export type SlipLookup = z.infer<typeof slipLookupSchema>;

// --- members ---------------------------------------------------------------------------
export const profileSchema = z.object({
  _id: z.string(), // member number, shown to the member; invite code is PR{_id}
  username: z.string(), // the phone number
  name: z.string(),
  createdAt: isoDateSchema,
  coin: z.number(),
});
export type Profile = z.infer<typeof profileSchema>;
export const bankAccountSchema = z.object({
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: bankNamesSchema,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// The field rules live in member-fields.ts, which the web reads before it calls (decision
// 0133); the lengths are also given to zod so the OpenAPI document shows them.
const phone = z
  .string()
  .min(phoneRule.minDigits)
  .max(phoneRule.maxDigits)
  .refine(isPhoneDigits, 'KEY_INVALID');
const password = z
  .string()
  .min(passwordRule.minLength)
  .max(passwordRule.maxLength)
  .refine((value) => passwordProblem(value) === null, 'KEY_INVALID');
const personName = z
  .string()
  .trim()
  .min(1)
  .max(profileNameRule.maxLength)
  .refine((value) => profileNameProblem(value) === null, 'KEY_INVALID');
const bankAccountNo = z
  .string()
  .min(bankAccountNoRule.minDigits)
  .max(bankAccountNoRule.maxDigits)
  .refine(isBankAccountNo, 'KEY_INVALID');
const bankAccountName = z
  .string()
  .trim()
  .min(bankAccountNameRule.minLength)
  .max(bankAccountNameRule.maxLength)
  .refine(isBankAccountNameLength, 'KEY_INVALID');

export const registrationSchema = z.strictObject({
  name: personName,
  username: phone,
  password,
  sourceCode: z.string().max(32).optional(),
  inviteCode: z.string().max(32).optional(),
  bankCode: z.string().min(1).max(16),
  bankAccountName, // first and last name joined by a space
  bankAccountNo,
  currency: currencySchema.optional(),
});
export type Registration = z.infer<typeof registrationSchema>;
/** Step 3 checks the registration before the bank step, so the bank fields are optional. */
export const registrationCheckSchema = registrationSchema.partial({
  bankCode: true,
  bankAccountName: true,
  bankAccountNo: true,
  currency: true,
});
export const profileUpdateSchema = z.strictObject({
  name: personName,
  bankCode: z.string().min(1).max(16),
  bankAccountName,
  bankAccountNo,
});
export const bankAccountNameUpdateSchema = z.strictObject({
  bankCode: z.string().min(1).max(16),
  bankAccountName: z.string().trim().min(1).max(100),
});
export const passwordChangeSchema = z.strictObject({
  oldPassword: z.string().min(1).max(128),
  newPassword: password,
});
export const loginSchema = z.strictObject({
  username: z.string().min(1).max(32),
  password: z.string().min(1).max(128),
});
export const otpSendSchema = z.strictObject({ phoneNumber: phone });
export const otpVerifySchema = z.strictObject({
  otpToken: z.string().min(1).max(200),
  otpCode: z.string().regex(/^\d{4,8}$/, 'KEY_INVALID'),
});

// --- wallet and game accounts ---------------------------------------------------------
export const gameCategorySchema = z.enum(gameCategories);
export const slotSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: gameCategorySchema,
  isActive: z.boolean(),
  amount: z.number(),
  logo: z.string(),
  background: z.string(),
  ftWalletSlot: z.number(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotCredentialsSchema = z.object({ username: z.string(), password: z.string() });
export type SlotCredentials = z.infer<typeof slotCredentialsSchema>;
export const walletSchema = z.object({
  profile: profileSchema.pick({ _id: true, name: true, username: true, coin: true }),
  bankAccount: bankAccountSchema,
  /** `currency` is ours (decision 0033): every amount of this member is in it (BAHT or LAK). */
  wallet: z.object({ amount: z.number(), currency: currencySchema }),
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(slotSchema),
});
export type Wallet = z.infer<typeof walletSchema>;
export const transferSchema = z.strictObject({
  from: z.string().min(1).max(32),
  to: z.string().min(1).max(32),
  amount: z.number(),
});
export const transferAnswerSchema = z.object({
  message: z.string(),
  /** PENDING: the provider's outcome is unknown; the member sees "being confirmed". */
  status: z.enum(transferStatuses),
  reference: z.string(),
});

// --- deposits --------------------------------------------------------------------------
export const qrStateSchema = z.object({
  qrcodeId: z.string().nullable(),
  hasQrcode: z.boolean(),
  qrcode: z.string().nullable(), // markup (an SVG of the PromptPay payload)
  amount: z.number().nullable(),
  expireIn: z.number().nullable(), // seconds left
  message: z.string().nullable(),
  // Additive (decision 0054): set only when the bank's latest QR was paid lately; then
  // hasQrcode is false, qrcodeId and amount are the paid QR's and message is SUCCESS.
  paidAt: isoDateSchema.optional(),
});
export type QrState = z.infer<typeof qrStateSchema>;
/** constants.ts cannot name QrState (this file imports it): NO_QR_STATE is checked here. */
const _noQrState: QrState = NO_QR_STATE;
export const slipSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.string(),
  note: z.string().nullable(),
  createdAt: isoDateSchema,
  link: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * Addition (decision 0091): the words of the operator who refused the slip on review,
   * shown with the reason; absent or null otherwise.
   */
  reviewNote: z.string().nullable().optional(),
});
export type Slip = z.infer<typeof slipSchema>;

// --- statement -------------------------------------------------------------------------
const described = z.object({ description: z.string() }).nullable().optional();
export const statementItemSchema = z.object({
  _id: z.string(),
  statementType: z.enum(statementTypes),
  status: z.string(), // SUCCESS, FAILED, else in progress
  from: z.string(),
  to: z.string(),
  /** Addition (decision 0056): how the money moved; absent for rows of unknown origin. */
  channel: z.enum(statementChannels).optional(),
  /**
   * Addition (decision 0090): why an operator rejected this withdrawal, in the operator's
   * words; absent otherwise. The spec's client ignores it.
   */
  reason: z.string().optional(),
  amount: z.number(),
  createdAt: isoDateSchema,
  bonus: described,
  promotion: described,
  invite: described,
  refund: described,
  luckydraw: described,
});
export type StatementItem = z.infer<typeof statementItemSchema>;
export const pageSchema = z.strictObject({
  page: z.number().int().min(1).max(100000),
  limit: z.number().int().min(1).max(100),
});

// --- invites, refunds, banners ---------------------------------------------------------
export const bannerSchema = z.object({ image: z.string(), html: z.string() });
export type Banner = z.infer<typeof bannerSchema>;
export const inviteRowSchema = z.object({
  from: z.object({ name: z.string() }),
  amount: z.number(),
  createdAt: isoDateSchema,
});
export const refundCheckSchema = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.string(),
  refundAmount: z.number(),
  refundSuccess: z.number(),
  refundFail: z.number(),
  /**
   * Ours (decision 0075): the part of refundAmount already received and waiting to be moved
   * into the wallet (baht); the rest can still be received.
   */
  received: z.number().optional(),
});
export const refundRowSchema = z.object({ refundAmount: z.number(), createdAt: isoDateSchema });

// --- bonuses and promotions ------------------------------------------------------------
export const userBonusSchema = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: isoDateSchema })),
});
/**
 * The significant terms of a bonus, promotion, invite bonus or refund, shown before the
 * member accepts (ours, decision 0071). Amounts in baht.
 */
export const bonusTermsSchema = z.object({
  /** What is credited: a fixed amount, or a percentage of the qualifying deposit up to a cap. */
  credit: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), amount: z.number() }),
    z.object({ kind: z.literal('rate'), percent: z.number(), cap: z.number() }),
  ]),
  /** The smallest qualifying deposit (0: none needed). */
  minDeposit: z.number(),
  /** Turnover required = turnoverMultiple x (deposit + bonus); at most 10. */
  turnoverMultiple: z.number(),
  /** How much of a bet counts towards the turnover, per game category (percent). */
  weights: z.record(z.enum(gameCategories), z.number()),
  /** The member may end it once wallet + game balances fall below this % of deposit + bonus. */
  percentFail: z.number(),
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;
export const bonusItemSchema = z.object({
  code: z.string(),
  type: z.enum(bonusTypes),
  maxReceived: z.number(),
  percentFail: z.number(),
  banners: z.array(bannerSchema),
  userBonus: userBonusSchema.nullable(),
  /** Ours (decision 0071): the bonus's name in the member's language, and its terms. */
  name: z.string().optional(),
  terms: bonusTermsSchema.optional(),
});
export type BonusItem = z.infer<typeof bonusItemSchema>;
export const promotionSchema = z.object({
  code: z.string(),
  percentFail: z.number(),
  description: z.string(),
  /** Ours (decision 0071). */
  terms: bonusTermsSchema.optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const turnoverGrantSchema = z.object({
  _id: z.string(),
  kind: z.enum(grantKinds),
  /** The bonus's or promotion's name, or the invite / refund / coupon label, in the member's language. */
  name: z.string(),
  /** Baht credited by the grant (promotion money: withdrawable only once the turnover is met). */
  credited: z.number(),
  /** Deposit + bonus for a bonus; the credit itself for invite, refund and coupon. */
  base: z.number(),
  required: z.number(),
  played: z.number(),
  /** 0-100, floor of played / required. */
  percent: z.number(),
  /** Played per game account, weighted; one row per provider the member has an account at. */
  providers: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      category: z.enum(gameCategories),
      weight: z.number(),
      played: z.number(),
    }),
  ),
  percentFail: z.number(),
  /** The member may end the grant while wallet + game balances are below this (baht). */
  clearBelow: z.number(),
  startedAt: isoDateSchema,
  /**
   * Decision 0112: the member's own money while the grant is open (baht): what they held when
   * it opened, plus deposits, minus withdrawals since. Never forfeited without a confirmation.
   */
  own: z.number(),
  /**
   * Promotion money (baht): wallet + games above `own`, i.e. the credit and what was won while
   * the grant is open; withdrawable once the turnover is met, taken back when it ends early.
   */
  locked: z.number(),
  /**
   * True for a bonus or promotion: a withdrawal ends it, takes back `locked` and forfeits what
   * is left in the wallet (spec section 9), the latter only with a confirmation of the figure.
   */
  endsOnWithdraw: z.boolean(),
});
export type TurnoverGrant = z.infer<typeof turnoverGrantSchema>;
export const turnoverSchema = z.object({
  grants: z.array(turnoverGrantSchema),
  /** Promotion money a withdrawal now takes back before paying (baht; 0 with no bonus open). */
  forfeitOnWithdraw: z.number(),
  /**
   * Decision 0112: the most the member can withdraw now (baht): the wallet with no open grant;
   * otherwise their own money that is in the wallet (after what a withdrawal takes back).
   */
  withdrawable: z.number(),
  /** The wallet balance these figures were read with (baht). */
  wallet: z.number(),
});
export type Turnover = z.infer<typeof turnoverSchema>;

// --- spin wheel ------------------------------------------------------------------------
export const sliceSchema = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});
export const spinSetupSchema = z.object({
  activeSpinwheel: z.object({ name: z.string(), slices: z.array(sliceSchema) }).nullable(),
  userCoin: z.number(),
});
export const couponSchema = z.object({
  _id: z.string(),
  prize: z.object({ name: z.string(), slice: sliceSchema }),
  amount: z.number(),
  /**
   * Ours (decision 0112): the coupon grant a claim opens or adds to, shown before the claim:
   * bets of turnoverMultiple x the prize before it can be withdrawn; it may be ended early
   * while what the member holds is below percentFail % of it.
   */
  terms: z.object({ turnoverMultiple: z.number(), percentFail: z.number() }),
});
export const spinResultSchema = z.object({
  code: z.string(),
  label: z.string(),
  remainingCoin: z.number(),
});

// --- chat ------------------------------------------------------------------------------
// The spec's conversation object. `message` is any kind here (an answer may hold a kind a
// client does not know: it renders as unknown); what each side may SEND is in chat.ts.
export const chatMessageSchema = z.object({
  _id: z.string().optional(),
  /** The sender's own id for the message: a resend with the same id is stored once. */
  clientMessageId: z.string().max(64).optional(),
  sender: z.string(), // 'customer', or 'agent' / 'system'
  message: z.object({ message_type: z.string(), payload: z.unknown() }),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
  createdAt: isoDateSchema.optional(),
  /** The server-minted conversation id; a change marks the end of a conversation. */
  session_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
