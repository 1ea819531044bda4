// Issue 3: the member's statement (spec sections 2 "Statement" and 3 "Statement item").
// A read model, not the ledger: business modules record one row per member-visible event
// in the same transaction as its money move, and update its status as it settles.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

export function statement(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('statement_items')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('statement_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('from_label', 'text', (c) => c.notNull())
        .addColumn('to_label', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('related_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('statement_items_reference_unique', ['reference'])
        .addCheckConstraint(
          'statement_items_type_check',
          sql`statement_type in ('deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer')`,
        )
        .addCheckConstraint('statement_items_amount_check', sql`amount >= 0`)
        .execute();
      await db.schema
        .createIndex('statement_items_member_idx')
        .on('statement_items')
        .columns(['member_id', 'created_at', 'id'])
        .execute();
    },
  };
}
