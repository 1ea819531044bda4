// Issue 13, the withdrawals queue (decision 0090): the reason an operator gives when deciding a
// withdrawal (required to reject it), kept on the withdrawal, and the member-visible note of a
// statement row, where the member reads that reason next to their rejected withdrawal.
// Both columns are added without a default, so every existing row reads null.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const statements = [
  `alter table withdrawals add column decision_reason text
     constraint withdrawals_decision_reason_check check (decision_reason is null or length(decision_reason) between 1 and 200)`,
  `alter table statement_items add column reason text
     constraint statement_items_reason_check check (reason is null or length(reason) between 1 and 200)`,
];

export function withdrawalDecisionReason(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
