// The backoffice module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';

/** An operator's note on a member (decision 0088); append-only (triggers). */
export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  operator_id: number;
  text: string;
  created_at: string;
}
