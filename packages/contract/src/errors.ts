// The error catalogue of spec section 8: every failure the server answers carries one of
// these keys as `{ message: CODE }`. The web app has a translation for each in th/la/en.
export const errorCodes = [
  // Auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'WRONG_CREDENTIAL',
  'WRONG_PASSWORD',
  'NO_USER',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  // OTP
  'OTP_BLOCK',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'UNVERIFIED_OTP',
  // Registration
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'GAME_ACTIVATION_FAIL',
  'NO_BANK',
  'NO_WALLET',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // Bonus
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  // Invite
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // Refund
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  // Game and transfer
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'NO_GAME',
  'TRANSFER_MINIMUM',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  'NOT_AREASLOT',
  'NOT_UFABET',
  // Ours (decision 0112): a game balance cannot be read now (a transfer is still being
  // confirmed, or the provider does not answer), so what the member holds is not known
  // exactly; the call can be made again in a moment.
  'GAME_BALANCE_UNAVAILABLE',
  // Slip and link
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  'QR_FAIL',
  // General
  'INTERNAL_SERVER_ERROR',
  'KEY_MISSING',
  'KEY_INVALID',
  'NO_DATA',
  'OK',
  'SUCCESS',
  // Spin coupon (BONUS_REMAINING is listed under Bonus too)
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  // Player protection (ours, issue 28, decision 0139). Each refusal carries `retryAt` (ISO
  // time from which the same call can succeed; null when it never will as asked) beside
  // `message`, and the limit refusals `remaining` (baht that still fit now).
  /** A deposit would go beyond the member's deposit limit of a window. */
  'DEPOSIT_LIMIT_REACHED',
  /** Money into a game would go beyond the member's loss limit of a window. */
  'LOSS_LIMIT_REACHED',
  /** The member took a time-out: no deposits, games, bonuses, codes or spins until it ends. */
  'TIME_OUT_ACTIVE',
  /** The member excluded themselves: the same refusals until the exclusion ends. */
  'SELF_EXCLUDED',
  /** A raised or removed limit waits 24 hours before the member can confirm it. */
  'LIMIT_COOLING_OFF',
  /** A time-out or exclusion can only be extended: one already ends later. */
  'PROTECTION_ALREADY_LONGER',
  /**
   * A statement range (ours, issue 28, decision 0145) that is malformed, ends before it
   * starts, or spans more than 12 months.
   */
  'STATEMENT_RANGE_INVALID',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

// Pure: a bundle that never calls isErrorCode (the web app) drops the list of codes.
const errorCodeSet: ReadonlySet<string> = /* @__PURE__ */ new Set(errorCodes);
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/**
 * Why a gift link is refused (ours, issue 26): the `reason` a TRUELINK_INVALID answer carries
 * beside its message, which stays the code the spec's client reads. A link already used is
 * TRUELINK_DUPLICATE, not one of these.
 */
export const giftLinkRefusalReasons = [
  /** Not a gift link at all (or not our encryption of one). */
  'UNREADABLE',
  /** The issuer does not know the voucher. */
  'NOT_FOUND',
  /** The voucher has expired. */
  'EXPIRED',
  /** Under the 2-baht minimum (spec section 9). */
  'BELOW_MINIMUM',
  /** Created from another phone than the member's registered number (spec section 9). */
  'OTHER_PHONE',
  /** This account cannot take gift links (not a baht account), or the issuer refused it. */
  'NOT_ALLOWED',
] as const;
export type GiftLinkRefusalReason = (typeof giftLinkRefusalReasons)[number];

/** The message that sends every client to /terminated (spec section 2, "Navigation guard"). */
export const GONE = 'gone';

/** The identity messages that send the client back to /login (spec section 2). */
export const signInAgainCodes = [
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
] as const satisfies readonly ErrorCode[];
/** Thai "cannot verify identity", sent raw by the original backend; also means sign in again. */
export const CANNOT_VERIFY_IDENTITY_TH = 'ไม่สามารถยืนยันตัวตนได้';

/** Slip failure reason codes (spec section 8, second table), carried in `Slip.note`. */
export const slipReasonCodes = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;
export type SlipReasonCode = (typeof slipReasonCodes)[number];
