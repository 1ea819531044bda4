// The audit module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';

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
