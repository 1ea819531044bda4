// The deposits module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { Currency, GiftRedemptionStatus, QrDepositStatus } from '../../db/columns';

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
