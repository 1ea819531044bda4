// Issue 3: idempotency keys of money calls (docs/decisions/0013-idempotency-keys.md).
// UNIQUE (scope, key) makes the database the judge of "first" when retries race.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

export function idempotency(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addUniqueConstraint('idempotency_keys_scope_key_unique', ['scope', 'key'])
        .addCheckConstraint(
          'idempotency_keys_status_check',
          sql`status in ('pending', 'completed')`,
        )
        .execute();
    },
  };
}
