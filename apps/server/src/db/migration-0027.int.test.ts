// Migration 0027 (decision 0116) on data an older release wrote: SQLite cannot alter a CHECK
// constraint, so it rebuilds `withdrawals` to allow review_reason 'adjustments'. Every row,
// the autoincrement sequence, the indexes and the life-cycle triggers must come through.
// (PostgreSQL replaces the constraint in place; schema.int.test.ts checks both dialects'
// CHECK values against schema.ts.)
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { createDatabase } from './database';
import { migrateTo, migrateToLatest } from './migrate';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const withdrawal = (id: number, status: string, review: string | null, settle: number | null) =>
  sql`insert into withdrawals (id, ref, member_id, idempotency_key, amount, currency, bank_code,
        bank_account_no, bank_account_name, status, review_reason, hold_tx_id, settle_tx_id,
        attempts, created_at, updated_at, decision_reason)
      values (${id}, ${`WD${id}`}, 1, ${`key-${id}`}, 1000, 'BAHT', 'SCB', '1234567890', 'A B',
        ${status}, ${review}, ${id * 10}, ${settle}, 0, '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z', ${status === 'REJECTED' ? 'no ticket' : null})`;

it('SQLite: the rebuilt withdrawals keep their rows, sequence, indexes and triggers', async () => {
  const database = await createTestDatabase('sqlite');
  cleanups.push(database.drop);
  const db = createDatabase(testConfig(database.database));
  cleanups.push(() => db.destroy());
  await migrateTo(db, '0025-shared-state');
  // Rows of the older release, without their members and ledger rows (keys off to keep the
  // test about this table).
  await sql`pragma foreign_keys = off`.execute(db);
  await withdrawal(7, 'WAITING', 'over_limit', null).execute(db);
  await withdrawal(9, 'REJECTED', 'bank_changed', 91).execute(db);
  const before = await sql`select * from withdrawals order by id`.execute(db);
  await migrateToLatest(db);
  const after = await sql`select * from withdrawals order by id`.execute(db);
  expect(after.rows).toEqual(before.rows);
  // The new reason is allowed; an unknown one is not; ids go on after the highest.
  await sql`update withdrawals set review_reason = 'adjustments' where id = 7`.execute(db);
  await expect(
    sql`update withdrawals set review_reason = 'whim' where id = 7`.execute(db),
  ).rejects.toThrow(/CHECK/);
  await sql`insert into withdrawals (ref, member_id, idempotency_key, amount, currency, bank_code,
      bank_account_no, bank_account_name, status, hold_tx_id, created_at, updated_at)
    values ('WDNEW', 1, 'key-new', 5, 'BAHT', 'SCB', '1', 'A', 'PROCESSING', 999, 'x', 'x')`.execute(
    db,
  );
  const fresh = await sql<{ id: number }>`select id from withdrawals where ref = 'WDNEW'`.execute(
    db,
  );
  expect(fresh.rows[0]!.id).toBe(10);
  // The life cycle still holds: a settled row never changes, no row is deleted, no jump.
  await expect(
    sql`update withdrawals set status = 'PAID' where id = 9`.execute(db),
  ).rejects.toThrow(/withdrawals: (a settled withdrawal never changes|change not allowed)/);
  await expect(sql`delete from withdrawals where id = 7`.execute(db)).rejects.toThrow(
    /never deleted/,
  );
  await expect(
    sql`update withdrawals set status = 'PAID' where id = 7`.execute(db),
  ).rejects.toThrow(/change not allowed/);
  const indexes = await sql<{ name: string }>`select name from sqlite_master
    where type = 'index' and tbl_name = 'withdrawals' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  expect(indexes.rows.map((r) => r.name)).toEqual([
    'withdrawals_due_idx',
    'withdrawals_member_idx',
    'withdrawals_status_idx',
  ]);
  await sql`pragma foreign_keys = on`.execute(db);
});
