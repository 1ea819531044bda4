// The adjustments module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { AdjustmentRequestStatus, adjustmentDirections } from '../../db/columns';

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
