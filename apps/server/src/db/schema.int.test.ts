// schema.ts against the database the migrations build: every table and column the row types
// name exists, with the same nullability, and nothing else does. The declared columns are read
// from the TypeScript sources by the compiler's type checker (declared-columns.ts: `Database`
// as db/schema.ts composes it from the modules' tables files), so there is no hand copy to keep
// in step (issue 27). Where a migration limits a union column with a CHECK ... IN (...)
// constraint, its values are the union's (decision 0070).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/helpers';
import { createTestDatabase, dialects } from '../../test/helpers';
import type { Db, DialectName } from './database';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import type { Columns } from './declared-columns';
import { declaredColumns } from './declared-columns';
import {
  adjustmentDirections,
  adjustmentRequestStatuses,
  approvalStatuses,
  controlChangeKinds,
  chatConversationStatuses,
  chatFileTypes,
  chatSenderKinds,
  bonusCreditKinds,
  gameTransferDirections,
  gameTransferStatuses,
  grantKinds,
  grantStatuses,
  giftRedemptionStatuses,
  idempotencyStatuses,
  memberStatuses,
  qrDepositStatuses,
  slipStatuses,
  statementTypes,
  withdrawalReviewReasons,
  withdrawalStatuses,
} from './schema';
import { bonusTypes, currencies } from '@wallet/contract';

/** CHECK constraints that list a union column's values, by table and constraint name. */
const unionChecks: { table: string; constraint: string; values: readonly string[] }[] = [
  { table: 'members', constraint: 'members_status_check', values: memberStatuses },
  {
    table: 'chat_conversations',
    constraint: 'chat_conversations_status_check',
    values: chatConversationStatuses,
  },
  { table: 'chat_messages', constraint: 'chat_messages_sender_check', values: chatSenderKinds },
  { table: 'chat_files', constraint: 'chat_files_file_type_check', values: chatFileTypes },
  { table: 'members', constraint: 'members_currency_check', values: currencies },
  {
    table: 'idempotency_keys',
    constraint: 'idempotency_keys_status_check',
    values: idempotencyStatuses,
  },
  { table: 'statement_items', constraint: 'statement_items_type_check', values: statementTypes },
  {
    table: 'game_transfers',
    constraint: 'game_transfers_direction_check',
    values: gameTransferDirections,
  },
  {
    table: 'game_transfers',
    constraint: 'game_transfers_status_check',
    values: gameTransferStatuses,
  },
  { table: 'withdrawals', constraint: 'withdrawals_status_check', values: withdrawalStatuses },
  { table: 'withdrawals', constraint: 'withdrawals_review_check', values: withdrawalReviewReasons },
  { table: 'qr_deposits', constraint: 'qr_deposits_status_check', values: qrDepositStatuses },
  {
    table: 'gift_redemptions',
    constraint: 'gift_redemptions_status_check',
    values: giftRedemptionStatuses,
  },
  { table: 'slips', constraint: 'slips_status_check', values: slipStatuses },
  { table: 'promotion_grants', constraint: 'promotion_grants_kind_check', values: grantKinds },
  {
    table: 'promotion_grants',
    constraint: 'promotion_grants_status_check',
    values: grantStatuses,
  },
  { table: 'bonus_definitions', constraint: 'bonus_definitions_type_check', values: bonusTypes },
  {
    table: 'bonus_definitions',
    constraint: 'bonus_definitions_credit_kind_check',
    values: bonusCreditKinds,
  },
  {
    table: 'adjustment_requests',
    constraint: 'adjustment_requests_status_check',
    values: adjustmentRequestStatuses,
  },
  {
    table: 'adjustment_requests',
    constraint: 'adjustment_requests_direction_check',
    values: adjustmentDirections,
  },
  {
    table: 'adjustment_postings',
    constraint: 'adjustment_postings_direction_check',
    values: adjustmentDirections,
  },
  {
    table: 'member_bank_change_requests',
    constraint: 'member_bank_change_requests_status_check',
    values: approvalStatuses,
  },
  {
    table: 'control_change_requests',
    constraint: 'control_change_requests_status_check',
    values: approvalStatuses,
  },
  {
    table: 'control_change_requests',
    constraint: 'control_change_requests_kind_check',
    values: controlChangeKinds,
  },
];

/** Tables and columns of the migrated database (the migrator's own tables left out). */
async function databaseColumns(db: Db, dialect: DialectName): Promise<Columns> {
  const tables = await db.introspection.getTables();
  const primaryKeys = new Set<string>();
  if (dialect === 'sqlite') {
    // SQLite reports an INTEGER PRIMARY KEY (the rowid) as nullable though it never is.
    for (const table of tables) {
      const { rows } = await sql<{ name: string; pk: number }>`
        select name, pk from pragma_table_info(${table.name})`.execute(db);
      for (const row of rows) if (row.pk > 0) primaryKeys.add(`${table.name}.${row.name}`);
    }
  }
  return Object.fromEntries(
    tables.map((table) => [
      table.name,
      Object.fromEntries(
        table.columns.map((column) => [
          column.name,
          column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`)
            ? 'nullable'
            : 'not null',
        ]),
      ),
    ]),
  );
}

/** The text of a named CHECK constraint, as the database keeps it. */
async function checkText(db: Db, dialect: DialectName, table: string, name: string) {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      where t.relname = ${table} and c.conname = ${name} and c.contype = 'c'`.execute(db);
    return rows[0]?.def;
  }
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = rows[0]?.sql ?? '';
  const at = create.search(new RegExp(`constraint\\s+"?${name}"?\\s+check\\s*\\(`, 'i'));
  if (at < 0) return undefined;
  // From the constraint's opening parenthesis to its balanced close.
  const open = create.indexOf('(', at);
  let depth = 0;
  for (let i = open; i < create.length; i++) {
    if (create[i] === '(') depth++;
    if (create[i] === ')' && --depth === 0) return create.slice(open, i + 1);
  }
  return undefined;
}

/** The quoted values a CHECK constraint names, sorted. */
const literals = (text: string) =>
  [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'")).sort();

/** Read once for both dialects (the type checker takes a few seconds). */
let declared: Columns | undefined;

describe.each(dialects)('schema.ts against the migrated database [%s]', (dialect) => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = createDatabase({ database: testDb.database });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('has every table and column of schema.ts with its nullability, and no others', async () => {
    const actual = await databaseColumns(db, dialect);
    const sorted = (columns: Columns) =>
      Object.fromEntries(
        Object.keys(columns)
          .sort()
          .map((table) => [
            table,
            Object.fromEntries(
              Object.keys(columns[table]!)
                .sort()
                .map((column) => [column, columns[table]![column]]),
            ),
          ]),
      );
    expect(sorted(actual)).toEqual(sorted((declared ??= declaredColumns())));
  });

  it('limits each union column with a CHECK constraint to exactly the union’s values', async () => {
    for (const check of unionChecks) {
      const text = await checkText(db, dialect, check.table, check.constraint);
      expect(text, `${check.table}.${check.constraint}`).toBeDefined();
      expect(literals(text!), `${check.table}.${check.constraint}`).toEqual(
        [...check.values].sort(),
      );
    }
  });
});
