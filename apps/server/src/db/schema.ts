// Row types of every table (snake_case, as stored). Times are ISO-8601 UTC text
// (`Date.toISOString()`, fixed width, so text comparison orders them) on both dialects.
// Columns with a fixed set of values are typed as unions; where a migration has a CHECK
// constraint for one, the value list below is what schema.int.test.ts compares it with. The
// contract's unions are reused where the stored values are the contract's.
import type { Currency, OperatorRole, StatementStatusValue, bonusTypes } from '@wallet/contract';
import {
  chatConversationStatuses,
  giftStatuses,
  grantKinds,
  grantStatuses,
  operatorQrStatuses,
  providerTransferStatuses,
  slipStatuses,
  statementTypes,
  withdrawalStatusValues,
} from '@wallet/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

export type { Currency };

export { statementTypes };
export type StatementType = (typeof statementTypes)[number];

export const memberStatuses = ['active', 'inactive'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Operators have no CHECK constraint on status; admins deactivate and reactivate (0089). */
export type OperatorStatus = 'active' | 'inactive';

export type SessionSubject = 'member' | 'operator';

export type BankCountry = 'TH' | 'LA';

/** The ledger's account kinds (docs/decisions/0012-ledger.md). */
export type LedgerAccountKind = 'member_cash' | 'member_hold' | 'provider' | 'world' | 'house';

export const idempotencyStatuses = ['pending', 'completed'] as const;
export type IdempotencyStatus = (typeof idempotencyStatuses)[number];

/** Anything but SUCCESS / FAILED shows as in progress (the contract's statuses.ts). */
export type StatementStatus = StatementStatusValue;

export const withdrawalStatuses = withdrawalStatusValues;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** Why a withdrawal waits for an operator: over the auto-payout limit, a recent payout-account
 * change, or recent operator credits that pay for it (decision 0116). */
export const withdrawalReviewReasons = ['over_limit', 'bank_changed', 'adjustments'] as const;
export type WithdrawalReviewReason = (typeof withdrawalReviewReasons)[number];

export const gameTransferDirections = ['in', 'out'] as const;
export type GameTransferDirection = (typeof gameTransferDirections)[number];

export const gameTransferStatuses = providerTransferStatuses;
export type GameTransferStatus = (typeof gameTransferStatuses)[number];

export { slipStatuses };
export type SlipStatus = (typeof slipStatuses)[number];

export const qrDepositStatuses = operatorQrStatuses;
export type QrDepositStatus = (typeof qrDepositStatuses)[number];

export const giftRedemptionStatuses = giftStatuses;
export type GiftRedemptionStatus = (typeof giftRedemptionStatuses)[number];

export interface MembersTable {
  id: Generated<number>;
  /** Shown to the member as `_id`; sequential from 10001 (decision 0002). */
  member_no: string;
  username: string;
  name: string;
  password_hash: string;
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  currency: Currency;
  source_code: string | null;
  invited_by: number | null;
  coin: number;
  status: MemberStatus;
  created_at: string;
  /** The Bangkok day (YYYY-MM-DD) coins_on_day counts (migration 0026: the daily coin cap). */
  coin_day: string | null;
  coins_on_day: Generated<number>;
  /** Bumped by triggers whenever the wallet answer may change (migration 0009). */
  wallet_version: Generated<number>;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  status: OperatorStatus;
  created_at: string;
  role: Generated<OperatorRole>;
  display_name: Generated<string>;
  /** Base32 authenticator secret; null until enrolled (decision 0086). */
  totp_secret: string | null;
  /** The last 30-second step a code was accepted for (a code is good once). */
  totp_last_step: number | null;
  /** The last completed sign-in (migration 0019). */
  last_sign_in_at: string | null;
  /** 1: the next sign-in must set a new password (an admin set this one; decision 0117). */
  password_change_required: Generated<number>;
  /** When the operator last chose their own password (the seed then leaves it alone). */
  password_changed_at: string | null;
}

/** The approval kernel's columns (src/approvals, decision 0116): every request table has them. */
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** A posted operator adjustment (decision 0116): on one operator's say, or a request approved. */
export interface AdjustmentPostingsTable {
  id: Generated<number>;
  member_id: number;
  /** Who asked for it (the requester of an approved request). */
  operator_id: number;
  /** Satang, > 0. */
  amount: number;
  direction: (typeof adjustmentDirections)[number];
  /** The approved request; null when one operator posted it alone (at or below the threshold). */
  request_id: number | null;
  transaction_id: number;
  created_at: string;
}

/** An operator's change of a member's payout account, waiting for a second operator (0116). */
export interface MemberBankChangeRequestsTable {
  id: Generated<number>;
  member_id: number;
  old_bank_code: string;
  old_bank_account_no: string;
  old_bank_account_name: string;
  new_bank_code: string;
  new_bank_account_no: string;
  new_bank_account_name: string;
  reason: string;
  status: ApprovalStatus;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
}

export const controlChangeKinds = ['threshold', 'operator_access', 'totp_reset'] as const;
export type ControlChangeKind = (typeof controlChangeKinds)[number];

/** A change that weakens a control, waiting for a second admin (decision 0117). */
export interface ControlChangeRequestsTable {
  id: Generated<number>;
  kind: ControlChangeKind;
  /** The operator account it changes; null for the threshold. */
  operator_id: number | null;
  /** What it sets, as JSON: `{ threshold }` (satang), `{ role?, status? }`, `{}`. */
  change_json: string;
  status: ApprovalStatus;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
}

export const adjustmentRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentRequestStatus = (typeof adjustmentRequestStatuses)[number];
export const adjustmentDirections = ['credit', 'debit'] as const;

/** An adjustment above the threshold, waiting for a second operator (decision 0089). */
export interface AdjustmentRequestsTable {
  id: Generated<number>;
  /** The requester's scoped Idempotency-Key: one request per key. */
  request_key: string;
  member_id: number;
  /** Satang, > 0. */
  amount: number;
  direction: (typeof adjustmentDirections)[number];
  reason: string;
  status: AdjustmentRequestStatus;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
  /** The ledger transaction of an approved request (unique). */
  transaction_id: number | null;
}

/** Between the password and the TOTP code of an operator sign-in (decision 0086). */
export interface OperatorChallengesTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  /** The secret offered for enrolment; stored on the operator once a code proves it. */
  enrol_secret: string | null;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Append-only (database triggers refuse UPDATE and DELETE): decision 0086. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator_id: number | null;
  operator_username: string | null;
  role: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: string;
  before_json: string | null;
  after_json: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  subject: SessionSubject;
  member_id: number | null;
  operator_id: number | null;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; idle expiry is last_seen_at + idle minutes. */
  expires_at: string;
  revoked_at: string | null;
}

export interface OtpRequestsTable {
  id: Generated<number>;
  token_hash: string;
  phone: string;
  ref: string;
  /** SHA-256 of token + code: the code is never stored in clear. */
  code_hash: string;
  wrong_attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface VerifiedPhonesTable {
  phone: string;
  verified_at: string;
}

export interface LoginThrottleTable {
  /** 'member:<username>' or 'operator:<username>' (unknown names are throttled too). */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface OperatorSettingsTable {
  key: string;
  value_json: string;
  updated_at: string;
}

export interface BanksTable {
  code: string;
  name_th: string;
  name_la: string;
  name_en: string;
  sort_order: number;
  country: BankCountry;
}

export interface SourcesTable {
  code: string;
  description_th: string;
  description_la: string;
  description_en: string;
  sort_order: number;
}

/** A ledger account (docs/decisions/0012-ledger.md). Balances are integer minor units. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Stable name, e.g. `member:12:cash`, `provider:PG`, `world:bank`. */
  code: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  currency: Currency;
  /** Maintained by the database trigger on entry insert; never written by code. */
  balance: Generated<number>;
  /** 1/true for house and outside-world accounts; member accounts never go below zero. */
  allow_negative: number | boolean;
  created_at: string;
  /**
   * Shard rows of a house, provider or world account (migration 0024, decision 0101): the
   * account's code (shard 0's) on shard k > 0 of N, whose own code is `<code>#<k>/<N>`;
   * null on shard 0 and on member accounts.
   */
  shard_of: string | null;
  /** k (0 on shard 0 and member accounts). */
  shard: Generated<number>;
  /** N, the shard count the row was made for (1 on shard 0 and member accounts). */
  shard_count: Generated<number>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  /** The business event, e.g. `adjustment`, `game_transfer_hold`. */
  event: string;
  /** Who caused it: `member:12`, `operator:1`, `system:reconciler`. */
  actor: string;
  idempotency_key: string | null;
  external_ref: string | null;
  reverses_id: number | null;
  memo: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  debit_balance_after: number;
  credit_balance_after: number;
}

/** Idempotency keys of money calls (docs/decisions/0013-idempotency-keys.md). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** Whose key: `member:12` or `operator:1`. */
  scope: string;
  key: string;
  request_hash: string;
  status: IdempotencyStatus;
  response_status: number | null;
  response_body: string | null;
  claimed_at: string;
  completed_at: string | null;
}

/** One row per member-visible money event (the statement page's read model). */
export interface StatementItemsTable {
  id: Generated<number>;
  member_id: number;
  /** Our own unique reference of the business event (transfer ref, withdrawal ref, ...). */
  reference: string;
  statement_type: StatementType;
  status: StatementStatus;
  /** WALLET, a game code, a bank code, ... */
  from_label: string;
  to_label: string;
  /** Integer satang, never negative; the direction is in from/to. */
  amount: number;
  /** `{ bonus?: {description}, promotion?: ..., invite?: ..., refund?: ..., luckydraw?: ... }` */
  related_json: string | null;
  created_at: string;
  updated_at: string;
  /** Member-visible note, e.g. why an operator rejected a withdrawal (decision 0090). */
  reason: string | null;
}

/** A withdrawal (docs/decisions/0017-withdrawals.md); the life cycle is enforced by triggers. */
export interface WithdrawalsTable {
  id: Generated<number>;
  /** Our own payout reference, sent to the payout rail; also the statement row's reference. */
  ref: string;
  member_id: number;
  /** The caller-scoped Idempotency-Key of the request that created it. */
  idempotency_key: string;
  /** Integer satang, > 0. */
  amount: number;
  currency: Currency;
  /** The member's bank account when they asked (a later change never redirects it). */
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  status: WithdrawalStatus;
  /** Why it waits for an operator; null when paid at once. */
  review_reason: WithdrawalReviewReason | null;
  hold_tx_id: number;
  settle_tx_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  /** Payout calls whose outcome was unknown so far. */
  attempts: Generated<number>;
  last_error: string | null;
  /** When the background job may look at a PROCESSING row next. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
  /** The deciding operator's reason (required to reject; the member sees it): decision 0090. */
  decision_reason: string | null;
}

/** Append-only audit of payout-account changes (docs/decisions/0019-bank-account-changes.md). */
export interface MemberBankChangesTable {
  id: Generated<number>;
  member_id: number;
  old_bank_code: string;
  old_bank_account_no: string;
  old_bank_account_name: string;
  new_bank_code: string;
  new_bank_account_no: string;
  new_bank_account_name: string;
  changed_by: number;
  reason: string;
  created_at: string;
  /** The second operator who approved it (decision 0116); null for older, one-operator changes. */
  approved_by: number | null;
}

/** A member's own change of the payout account name (decision 0052); append-only. */
export interface MemberAccountNameChangesTable {
  id: Generated<number>;
  member_id: number;
  old_name: string;
  new_name: string;
  created_at: string;
}

/** Why a payout account became trusted (decision 0124). */
export type AccountTrustCause = 'payout' | 'slip_approved';

/**
 * How a member's payout account became trusted (decision 0124); append-only. The account as
 * it was trusted: it counts only while the member's registered account is still that one.
 */
export interface PayoutAccountTrustTable {
  id: Generated<number>;
  member_id: number;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  cause: AccountTrustCause;
  /** The withdrawal (`payout`) or slip (`slip_approved`) reference that proved it. */
  reference: string;
  /** The operator who approved the slip; null for a payout. */
  operator_id: number | null;
  created_at: string;
}

/** A member's account at a game provider (docs/decisions/0014-game-accounts-and-catalogue.md). */
export interface GameAccountsTable {
  id: Generated<number>;
  member_id: number;
  provider_code: string;
  username: string;
  /** AES-256-GCM of the password (`v1.<iv>.<tag>.<ciphertext>`, base64url); shown to the member. */
  password_enc: string;
  /** Last balance the provider told us (satang); a display cache, not money we hold. */
  last_balance: number;
  /** When that balance was asked for; an older observation never overwrites a newer one. */
  last_balance_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One provider transfer (docs/decisions/0015-provider-transfers-and-reconciler.md). */
export interface GameTransfersTable {
  id: Generated<number>;
  /** Our unique reference, sent to the provider; also the statement row's reference. */
  ref: string;
  /** The caller-scoped Idempotency-Key plus the leg (`member:12:<key>:in`), UNIQUE. */
  request_key: string | null;
  member_id: number;
  provider_code: string;
  /** in: wallet -> game; out: game -> wallet */
  direction: GameTransferDirection;
  /** Integer satang, > 0. */
  amount: number;
  /** A settled row (POSTED, VOIDED) never changes again (trigger). */
  status: GameTransferStatus;
  hold_transaction_id: number | null;
  settle_transaction_id: number | null;
  /** Times a worker took the row (the first send, then each reconcile take). */
  attempts: number;
  last_error: string | null;
  /** Reconcile kernel (decision 0061): due or held until then; null once settled. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

/** A bank-slip upload (docs/decisions/0027-slip-deposits.md); life cycle enforced by triggers. */
export interface SlipsTable {
  id: Generated<number>;
  /** Our public reference (`SL` + 20 hex digits): the slip's `_id` and its statement row's. */
  ref: string;
  member_id: number;
  /** The caller-scoped Idempotency-Key of the upload that created it. */
  idempotency_key: string;
  /** The FileStore key of the image (generated; never the client's file name). */
  file_key: string;
  file_sha256: string;
  file_bytes: number;
  status: SlipStatus;
  /** The slip reason code (contract `slipReasonCodes`) when failed. */
  reason: string | null;
  /** What the mini-QR named: 3-digit sending bank and the bank's transaction reference. */
  sending_bank: string | null;
  trans_ref: string | null;
  /** Verified amount in satang (0 while unknown). */
  amount: Generated<number>;
  currency: Currency | null;
  transferred_at: string | null;
  /** `<sendingBank>:<transRef>` on the credited row only; UNIQUE. */
  credit_ref: string | null;
  credit_tx_id: number | null;
  /** Verification attempts that got no usable answer so far. */
  attempts: Generated<number>;
  last_error: string | null;
  /** When the retry job may look at a processing row next. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
  /** What the bank verified (migration 0021): the sender (masked account) and receiver. */
  sender_bank: string | null;
  sender_account: string | null;
  sender_name: string | null;
  receiver_bank: string | null;
  receiver_account: string | null;
  /** Satang credited when an operator credited less than `amount` (decision 0091). */
  credited_amount: number | null;
  /** The operator who decided a slip held for review, when, and their note. */
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
}

/** A failed slip whose stored image was removed after the retention (migration 0010). */
export interface SlipFilePurgesTable {
  slip_id: number;
  purged_at: string;
}

export interface QrDepositsTable {
  id: Generated<number>;
  /** Our deposit reference: the QR's ref1, the `qrcodeId` the member sees, the statement's. */
  ref: string;
  member_id: number;
  /** The QR gateway bank code (KBANK | WW | PAYTIMZ). */
  gateway: string;
  /** Integer satang, > 0: the only amount ever credited for this QR. */
  amount: number;
  currency: Currency;
  idempotency_key: string;
  /** Decision 0024. */
  status: QrDepositStatus;
  charge_id: string | null;
  /** The EMVCo payload the gateway issued. */
  payload: string | null;
  expires_at: string;
  /** The gateway's transaction id of the payment (UNIQUE per gateway). */
  txn_id: string | null;
  paid_at: string | null;
  ledger_tx_id: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the reconciler looks at the row next; null when there is nothing left to ask. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GiftRedemptionsTable {
  id: Generated<number>;
  /** Our reference (the statement row's). */
  ref: string;
  /** The voucher hash from the gift link: UNIQUE, so a voucher is claimed once. */
  hash: string;
  member_id: number;
  /** Integer satang, as the issuer reported it. */
  amount: number;
  currency: Currency;
  owner_mobile: string;
  idempotency_key: string;
  /** Decision 0025. */
  status: GiftRedemptionStatus;
  ledger_tx_id: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  credited_at: string | null;
}

export interface GiftLinkThrottleTable {
  /** 'member:<id>' */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Unknown promotion codes per member (decision 0120): the gift-link throttle's columns. */
export interface PromotionCodeThrottleTable {
  /** 'member:<id>' */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export { grantKinds };
export type GrantKind = (typeof grantKinds)[number];
/** open until the turnover is met, the member clears it, or a withdrawal forfeits it. */
export { grantStatuses };
export type GrantStatus = (typeof grantStatuses)[number];

/** A turnover condition opened by a promotion credit (decision 0071). */
export interface PromotionGrantsTable {
  id: Generated<number>;
  member_id: number;
  kind: GrantKind;
  /** The bonus or promotion code; null for invite and refund. */
  source_code: string | null;
  /** The name shown to the member, per language (JSON of {th, la, en}). */
  name_json: string;
  currency: Currency;
  /** Satang credited into the wallet. */
  credited: number;
  /** Satang: deposit + bonus, or the credit itself. */
  base: number;
  /** Satang of weighted bets that end the grant. */
  required: number;
  /** JSON of {slot, sport, lotto} percentages. */
  weights_json: string;
  percent_fail: number;
  /** The qualifying deposit's statement reference; used by one grant only. */
  deposit_ref: string | null;
  ledger_tx_id: number | null;
  status: GrantStatus;
  started_at: string;
  ended_at: string | null;
  updated_at: string;
}

/** What an invitee's credited deposit earned the inviter (decisions 0071, 0074). */
export interface InviteRewardsTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  /** The deposit's statement reference; one reward per deposit. */
  deposit_ref: string;
  /**
   * Satang of the invitee's deposit: their bets since the reward must reach it before it can
   * be claimed (decision 0112). Null only for a row whose deposit row was never found.
   */
  deposit_amount: number | null;
  currency: Currency;
  /** Satang, > 0. */
  amount: number;
  created_at: string;
  /** Set once, by the claim that paid it. */
  claim_id: number | null;
}

/**
 * The member's own money while a promotion grant is open (decision 0112): set to what they
 * held when a grant opened, then moved by every deposit, withdrawal and operator adjustment.
 * Read only while a grant is open; a stale row is overwritten by the next grant.
 */
export interface PromotionOwnMoneyTable {
  member_id: number;
  /** Satang, >= 0. */
  principal: number;
  updated_at: string;
}

/** One invite-bonus payment (ledger key `invite-claim:{memberId}:{claimNo}`). */
export interface InviteClaimsTable {
  id: Generated<number>;
  member_id: number;
  /** 1, 2, ... per member. */
  claim_no: number;
  currency: Currency;
  amount: number;
  grant_id: number | null;
  created_at: string;
}

/** A received refund of one period (Bangkok week), moved into the wallet at most once. */
export interface RefundReceiptsTable {
  id: Generated<number>;
  member_id: number;
  /** The period's Monday as a Bangkok date (YYYY-MM-DD); unique per member. */
  period_start: string;
  currency: Currency;
  /** Satang: the period's net loss the refund was computed from. */
  net_loss: number;
  /** Satang, > 0. */
  amount: number;
  received_at: string;
  moved_at: string | null;
  grant_id: number | null;
}

/** A bonus's receive-limit window (decision 0071). */
export type BonusType = (typeof bonusTypes)[number];
export const bonusCreditKinds = ['fixed', 'rate'] as const;
export type BonusCreditKind = (typeof bonusCreditKinds)[number];

/** A bonus definition (decisions 0071, 0072); amounts in satang. */
export interface BonusDefinitionsTable {
  id: Generated<number>;
  /** Unique; what GET /api/bonus/activate/:code names. */
  code: string;
  /** JSON of {th, la, en}. */
  name_json: string;
  /** JSON of {th, la, en}. */
  description_json: string;
  /** JSON of [{image, html: {th, la, en}}]. */
  banners_json: string;
  type: BonusType;
  max_received: number;
  percent_fail: number;
  credit_kind: BonusCreditKind;
  /** Satang credited by a fixed bonus. */
  credit_amount: number;
  /** Percent of the qualifying deposit a rate bonus credits (0-100). */
  credit_percent: number;
  /** Satang: the most a rate bonus credits. */
  credit_cap: number;
  /** Satang: the smallest qualifying deposit (0: none needed by a fixed bonus). */
  min_deposit: number;
  /** 1-10. */
  turnover_multiple: number;
  /** JSON of {slot, sport, lotto} percentages. */
  weights_json: string;
  /** 1 on, 0 off. */
  enabled: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** A promotion code: a bonus definition's credit rules under its own code and window. */
export interface PromotionCodesTable {
  id: Generated<number>;
  /** A-Z and 0-9, upper case, unique. */
  code: string;
  bonus_id: number;
  /** JSON of {th, la, en}. */
  description_json: string;
  valid_from: string;
  /** Null: no end. */
  valid_to: string | null;
  max_uses_per_member: number;
  /** Null: no limit in total. */
  max_uses_total: number | null;
  /** 1 on, 0 off. */
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** One activation of a promotion code; (code, member, use_no) and (code, total_no) unique. */
export interface PromotionUsesTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  use_no: number;
  total_no: number;
  grant_id: number;
  created_at: string;
}

/** Spin wheels (migration 0016, decision 0082): at most one has active = 1. */
export interface SpinWheelsTable {
  id: Generated<number>;
  /** JSON of {th, la, en}. */
  name_json: string;
  /** 0 or 1. */
  active: number;
  created_at: string;
  updated_at: string;
}

export interface SpinSlicesTable {
  id: Generated<number>;
  wheel_id: number;
  code: string;
  /** JSON of {th, la, en}. */
  label_json: string;
  bg_color: string;
  text_color: string;
  /** JSON of {th, la, en} HTML. */
  description_json: string;
  /** Integer >= 0; 0 is shown on the wheel but never drawn. */
  weight: number;
  /** Satang, 0 for a slice without a prize. */
  prize: number;
  sort_order: number;
  updated_at: string;
}

export interface SpinsTable {
  id: Generated<number>;
  member_id: number;
  wheel_id: number;
  slice_id: number;
  /** The caller-scoped Idempotency-Key of the spin request (unique per member). */
  idempotency_key: string | null;
  /** The member's coins after this spin (the answer a re-run repeats). */
  coin_after: number;
  created_at: string;
}

export interface SpinCouponsTable {
  id: Generated<number>;
  spin_id: number;
  member_id: number;
  slice_id: number;
  /** Satang, > 0. */
  amount: number;
  expires_at: string;
  claimed_at: string | null;
  ledger_tx_id: number | null;
  created_at: string;
}

/** An operator's note on a member (decision 0088); append-only (triggers). */
export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  operator_id: number;
  text: string;
  created_at: string;
}

export { chatConversationStatuses };
export type ChatConversationStatus = (typeof chatConversationStatuses)[number];
export const chatSenderKinds = ['customer', 'agent', 'system'] as const;
export type ChatSenderKind = (typeof chatSenderKinds)[number];
export const chatFileTypes = ['image', 'video', 'file'] as const;
export type ChatFileTypeColumn = (typeof chatFileTypes)[number];

/** A member's or visitor's support conversation (migration 0023, decision 0095). */
export interface ChatConversationsTable {
  /** Minted by the server. */
  id: string;
  member_id: number | null;
  /** The signed guest id of a visitor (kept after a member adopts the conversation). */
  guest_id: string | null;
  status: Generated<ChatConversationStatus>;
  assigned_operator_id: number | null;
  created_at: string;
  last_activity_at: string;
  closed_at: string | null;
  closed_by: number | null;
  /** The customer read agent and system messages up to this time. */
  customer_read_at: string | null;
  /** Agents read customer messages up to this message id. */
  agent_read_message_id: number | null;
  /**
   * A visitor conversation's client address, as a keyed hash (never the address itself):
   * the inbox groups new visitor conversations from one address (decision 0121). Null for a
   * member's conversation, and cleared when a member adopts it.
   */
  origin: string | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: string;
  sender: ChatSenderKind;
  /** `member:<id>`, `guest:<guest id>`, `operator:<id>` or `system`. */
  sender_key: string;
  operator_id: number | null;
  /** Unique per sender_key: a resend is stored once. */
  client_message_id: string | null;
  message_type: string;
  /** The payload as JSON text. */
  payload: string;
  created_at: string;
}

export interface ChatFilesTable {
  /** 32 hex digits: the `chatfile:<id>` path an upload answers. */
  id: string;
  /** As chat_messages.sender_key. */
  owner_key: string;
  store_key: string;
  thumb_store_key: string | null;
  /** What the bytes are: png, jpg, gif, mp4, mov. */
  kind: string;
  file_type: ChatFileTypeColumn;
  bytes: number;
  /** The thumbnail's bytes (null without one): the store's cap counts both (decision 0121). */
  thumb_bytes: number | null;
  original_name: string;
  /** The message that names the file; null until sent (orphans are swept). */
  message_id: number | null;
  created_at: string;
}

export interface ChatNotesTable {
  id: Generated<number>;
  conversation_id: string;
  operator_id: number;
  text: string;
  created_at: string;
}

export interface ChatTemplatesTable {
  id: Generated<number>;
  name: string;
  /** An agent message ({ message_type, payload }) as JSON text. */
  message: string;
  created_by: number;
  created_at: string;
}

/** Fixed-window counters shared by the server processes (migration 0025, decision 0103). */
export interface SharedCountersTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** One row per periodic job: who runs it now and when the next run may start (0104). */
export interface JobLeasesTable {
  name: string;
  /** When the next run may start; while a process runs it, that process's lease end. */
  due_at: string;
  /** The process that took the last run (its id, for logs). */
  holder: string | null;
  runs: Generated<number>;
  last_finished_at: string | null;
}

export interface Database {
  members: MembersTable;
  operators: OperatorsTable;
  adjustment_requests: AdjustmentRequestsTable;
  adjustment_postings: AdjustmentPostingsTable;
  member_bank_change_requests: MemberBankChangeRequestsTable;
  control_change_requests: ControlChangeRequestsTable;
  operator_challenges: OperatorChallengesTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  verified_phones: VerifiedPhonesTable;
  login_throttle: LoginThrottleTable;
  operator_settings: OperatorSettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  statement_items: StatementItemsTable;
  game_accounts: GameAccountsTable;
  game_transfers: GameTransfersTable;
  withdrawals: WithdrawalsTable;
  member_bank_changes: MemberBankChangesTable;
  member_account_name_changes: MemberAccountNameChangesTable;
  payout_account_trust: PayoutAccountTrustTable;
  qr_deposits: QrDepositsTable;
  gift_redemptions: GiftRedemptionsTable;
  gift_link_throttle: GiftLinkThrottleTable;
  promotion_code_throttle: PromotionCodeThrottleTable;
  slips: SlipsTable;
  slip_file_purges: SlipFilePurgesTable;
  promotion_grants: PromotionGrantsTable;
  invite_rewards: InviteRewardsTable;
  promotion_own_money: PromotionOwnMoneyTable;
  invite_claims: InviteClaimsTable;
  refund_receipts: RefundReceiptsTable;
  bonus_definitions: BonusDefinitionsTable;
  promotion_codes: PromotionCodesTable;
  promotion_uses: PromotionUsesTable;
  spin_wheels: SpinWheelsTable;
  spin_slices: SpinSlicesTable;
  spins: SpinsTable;
  spin_coupons: SpinCouponsTable;
  member_notes: MemberNotesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_files: ChatFilesTable;
  chat_notes: ChatNotesTable;
  chat_templates: ChatTemplatesTable;
  shared_counters: SharedCountersTable;
  job_leases: JobLeasesTable;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OtpRequestRow = Selectable<OtpRequestsTable>;
export type BankRow = Selectable<BanksTable>;
export type SourceRow = Selectable<SourcesTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type GameAccountRow = Selectable<GameAccountsTable>;
export type GameTransferRow = Selectable<GameTransfersTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type SlipRow = Selectable<SlipsTable>;
export type QrDepositRow = Selectable<QrDepositsTable>;
export type GiftRedemptionRow = Selectable<GiftRedemptionsTable>;
export type PromotionGrantRow = Selectable<PromotionGrantsTable>;
export type InviteRewardRow = Selectable<InviteRewardsTable>;
export type RefundReceiptRow = Selectable<RefundReceiptsTable>;
export type BonusDefinitionRow = Selectable<BonusDefinitionsTable>;
export type PromotionCodeRow = Selectable<PromotionCodesTable>;
export type SpinWheelRow = Selectable<SpinWheelsTable>;
export type SpinSliceRow = Selectable<SpinSlicesTable>;
export type SpinCouponRow = Selectable<SpinCouponsTable>;
