// The protection module's tables (issue 28, migration 0032): one row interface per table, as
// the migration makes it; db/schema.ts composes `Database` from them. Money is integer minor
// units; times are ISO-8601 UTC text.
import type { Generated } from 'kysely';

/** A deposit or loss limit of one rolling window, with at most one pending raise or removal. */
export interface ProtectionLimitsTable {
  member_id: number;
  kind: 'deposit' | 'loss';
  /** day: 24 h, week: 7 d, month: 30 d (rolling windows). */
  period: 'day' | 'week' | 'month';
  /** The limit in force (minor units); null: none. */
  amount: number | null;
  /** A pending raise (its new amount); null with pending_at set: a pending removal. */
  pending_amount: number | null;
  /** When the raise or removal was asked for; null: nothing pending. */
  pending_at: string | null;
  updated_at: string;
}

/** A time-out or self-exclusion; append-only. */
export interface ProtectionBlocksTable {
  id: Generated<number>;
  member_id: number;
  kind: 'time_out' | 'self_exclusion';
  starts_at: string;
  ends_at: string;
  /** `member:12` or `operator:3` (an operator acts on the member's request). */
  actor: string;
  reason: string | null;
  created_at: string;
}

/** The member's reality-check interval and the end of their marketing consent. */
export interface ProtectionProfilesTable {
  member_id: number;
  /** 30 or 60 minutes; null: off. */
  reality_check_minutes: number | null;
  /** When a self-exclusion ended the member's marketing consent; null: never. */
  marketing_consent_ended_at: string | null;
  updated_at: string;
}

/** Every change of a member's protection settings; append-only. */
export interface ProtectionHistoryTable {
  id: Generated<number>;
  member_id: number;
  actor: string;
  /** What changed: `limit:deposit:day`, `time_out`, `self_exclusion`, `reality_check`, ... */
  change: string;
  old_json: string | null;
  new_json: string | null;
  reason: string | null;
  created_at: string;
}

/** A deposit that arrived beyond a limit or during a block, and its return (decision 0140). */
export interface ProtectionReturnsTable {
  id: Generated<number>;
  member_id: number;
  /** The deposit's own reference (QR, gift link or slip). */
  deposit_ref: string;
  deposit_amount: number;
  returned_amount: number;
  cause: 'deposit_limit' | 'time_out' | 'self_exclusion';
  /** The withdrawal that pays the excess back to the registered account. */
  withdrawal_ref: string;
  created_at: string;
}

/** An operator's note on a member in the markers-of-harm queue (migration 0033), append-only. */
export interface HarmNotesTable {
  id: Generated<number>;
  member_id: number;
  operator_id: number;
  text: string;
  created_at: string;
}

/** Each "contacted" mark of a member in the queue (migration 0033); the latest counts. */
export interface HarmContactsTable {
  id: Generated<number>;
  member_id: number;
  operator_id: number;
  created_at: string;
}
