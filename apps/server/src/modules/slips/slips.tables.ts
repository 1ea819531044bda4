// The slips module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { Currency, SlipStatus } from '../../db/columns';

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
