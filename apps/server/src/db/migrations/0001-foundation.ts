// Issue 2: members, sessions, operators, OTP, login throttle, operator settings, banks and
// sources. Times are ISO UTC text; ids are integer identities on both dialects.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

export function foundation(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t.addColumn('id', 'integer', id);

  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('banks')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name_th', 'text', (c) => c.notNull())
        .addColumn('name_la', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo('TH'))
        .execute();

      await db.schema
        .createTable('sources')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('description_th', 'text', (c) => c.notNull())
        .addColumn('description_la', 'text', (c) => c.notNull())
        .addColumn('description_en', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('members'))
        .addColumn('member_no', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('bank_code', 'text', (c) => c.notNull().references('banks.code'))
        .addColumn('bank_account_name', 'text', (c) => c.notNull())
        .addColumn('bank_account_no', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('source_code', 'text', (c) => c.references('sources.code'))
        .addColumn('invited_by', 'integer', (c) => c.references('members.id'))
        .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('members_member_no_unique', ['member_no'])
        .addUniqueConstraint('members_username_unique', ['username'])
        .addUniqueConstraint('members_bank_account_no_unique', ['bank_account_no'])
        .addCheckConstraint('members_coin_check', sql`coin >= 0`)
        .addCheckConstraint('members_status_check', sql`status in ('active', 'inactive')`)
        .addCheckConstraint('members_currency_check', sql`currency in ('BAHT', 'LAK')`)
        .execute();

      await withId(db.schema.createTable('operators'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('operators_username_unique', ['username'])
        .execute();

      await withId(db.schema.createTable('sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('cascade'))
        .addColumn('operator_id', 'integer', (c) =>
          c.references('operators.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addUniqueConstraint('sessions_token_hash_unique', ['token_hash'])
        .addCheckConstraint(
          'sessions_subject_check',
          sql`(subject = 'member' and member_id is not null and operator_id is null) or (subject = 'operator' and operator_id is not null and member_id is null)`,
        )
        .execute();
      await db.schema
        .createIndex('sessions_member_idx')
        .on('sessions')
        .column('member_id')
        .execute();
      await db.schema
        .createIndex('sessions_operator_idx')
        .on('sessions')
        .column('operator_id')
        .execute();

      await withId(db.schema.createTable('otp_requests'))
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('wrong_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addUniqueConstraint('otp_requests_token_hash_unique', ['token_hash'])
        .execute();
      await db.schema
        .createIndex('otp_requests_phone_idx')
        .on('otp_requests')
        .columns(['phone', 'created_at'])
        .execute();

      await db.schema
        .createTable('verified_phones')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('verified_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('operator_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'operator_settings',
        'login_throttle',
        'verified_phones',
        'otp_requests',
        'sessions',
        'operators',
        'members',
        'sources',
        'banks',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
