// Row types of every table (snake_case, as stored). Times are ISO-8601 UTC text
// (`Date.toISOString()`, fixed width, so text comparison orders them) on both dialects.
import type { Generated, Insertable, Selectable } from 'kysely';

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
  currency: string;
  source_code: string | null;
  invited_by: number | null;
  coin: number;
  /** 'active' | 'inactive' */
  status: string;
  created_at: string;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  status: string;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  /** 'member' | 'operator' */
  subject: string;
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
  /** 'TH' | 'LA' */
  country: string;
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
  kind: string;
  member_id: number | null;
  currency: string;
  /** Maintained by the database trigger on entry insert; never written by code. */
  balance: Generated<number>;
  /** 1/true for house and outside-world accounts; member accounts never go below zero. */
  allow_negative: number | boolean;
  created_at: string;
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
  /** 'pending' | 'completed' */
  status: string;
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
  /** deposit | bonus | finish_bonus | withdraw | transfer */
  statement_type: string;
  /** SUCCESS | FAILED | PENDING | WAITING (anything but SUCCESS/FAILED shows as in progress) */
  status: string;
  /** WALLET, a game code, a bank code, ... */
  from_label: string;
  to_label: string;
  /** Integer satang, never negative; the direction is in from/to. */
  amount: number;
  /** `{ bonus?: {description}, promotion?: ..., invite?: ..., refund?: ..., luckydraw?: ... }` */
  related_json: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  members: MembersTable;
  operators: OperatorsTable;
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
