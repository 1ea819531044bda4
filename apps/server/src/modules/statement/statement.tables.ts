// The statement module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { StatementStatus, StatementType } from '../../db/columns';

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
