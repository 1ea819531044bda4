// The account module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { AccountTrustCause, ApprovalStatus, Currency, MemberStatus } from '../../db/columns';

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
