// The withdrawals module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { Currency, WithdrawalReviewReason, WithdrawalStatus } from '../../db/columns';

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
