import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { forEachDialect } from '../../test/helpers';
import { dialectOf, openSqlite, withStatementCache } from './database';
import { prepared } from './prepared';
import { withRelaxedDurability, withTransaction } from './transaction';

const settingByKey = prepared(1, (db, key: string) =>
  db.selectFrom('operator_settings').select(['key', 'value_json']).where('key', '=', key),
);

const insertSetting = prepared(2, (db, key: string, value: string) =>
  db.insertInto('operator_settings').values({ key, value_json: value, updated_at: value }),
);

// A write that answers rows, like the idempotency claim.
const insertSettingReturning = prepared(2, (db, key: string, value: string) =>
  db
    .insertInto('operator_settings')
    .values({ key, value_json: value, updated_at: value })
    .returning('key'),
);

/** A promise and the function that settles it, to hold a transaction open mid-way. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

forEachDialect('database connections', (get) => {
  it('survives connections dropped by the database and keeps answering', async () => {
    const { db, dialect } = get();
    // Open several pooled connections, then have the server kill every one of them.
    await Promise.all(Array.from({ length: 5 }, () => sql`select 1 as one`.execute(db)));
    if (dialect === 'postgres') {
      const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(0);
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db).catch(() => undefined);
      // Give the idle clients' 'error' events time to fire (an unhandled one ends the process).
      await new Promise((r) => setTimeout(r, 300));
    }
    const rows = await Promise.all(
      Array.from({ length: 5 }, async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            return (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one;
          } catch (error) {
            if (attempt >= 3) throw error;
          }
        }
      }),
    );
    expect(rows).toEqual([1, 1, 1, 1, 1]);
  });

  it('runs prepared queries with new arguments each time, as named statements on PostgreSQL', async () => {
    const { db, dialect } = get();
    await db
      .insertInto('operator_settings')
      .values([
        { key: 'prep-a', value_json: '"a"', updated_at: new Date().toISOString() },
        { key: 'prep-b', value_json: '"b"', updated_at: new Date().toISOString() },
      ])
      .execute();
    expect(await settingByKey.first(db, 'prep-a')).toEqual({ key: 'prep-a', value_json: '"a"' });
    expect(await settingByKey.first(db, 'prep-b')).toEqual({ key: 'prep-b', value_json: '"b"' });
    expect(await settingByKey.first(db, 'prep-none')).toBeUndefined();
    if (dialect === 'postgres') {
      // Prepared statements belong to a connection: ask on the one that just ran the query.
      const named = await withTransaction(db, async (trx) => {
        await settingByKey.first(trx, 'prep-a');
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(trx);
        return rows.filter((r) => r.statement.includes('"operator_settings"'));
      });
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^wallet_q\d+$/);
    }
  });

  // On SQLite prepared queries may run on better-sqlite3 directly (runSqliteDirect). The one
  // connection is shared, so a query from outside an open transaction must neither read its
  // uncommitted rows nor join it: both wait for it to end, as through Kysely.
  it('keeps a prepared read or write outside an open transaction out of it', async () => {
    const { db } = get();
    const hold = gate();
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = withTransaction(db, async (trx) => {
      await insertSetting.run(trx, 'prep-tx-row', '"uncommitted"');
      expect(await settingByKey.first(trx, 'prep-tx-row')).toBeDefined(); // its own write
      inserted();
      await hold.opened;
      throw new Error('roll back');
    });
    await insertedNow;
    const outsideRead = settingByKey.first(db, 'prep-tx-row');
    const outsideWrite = insertSetting.run(db, 'prep-outside-row', '"committed"');
    const outsideReturning = insertSettingReturning.first(db, 'prep-outside-ret', '"committed"');
    hold.open();
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await outsideRead).toBeUndefined();
    expect(await outsideWrite).toBe(1);
    expect(await outsideReturning).toEqual({ key: 'prep-outside-ret' });
    expect(await settingByKey.first(db, 'prep-outside-ret')).toBeDefined();
    expect(await settingByKey.first(db, 'prep-outside-row')).toEqual({
      key: 'prep-outside-row',
      value_json: '"committed"',
    });
    expect(await settingByKey.first(db, 'prep-tx-row')).toBeUndefined();
  });

  // While withRelaxedDurability holds the connection (SQLite: synchronous = NORMAL), a write
  // from outside must wait its turn, or it would commit without the disk wait it is owed.
  // An `insert ... returning` answers rows like a read: it must still count as a write.
  it('keeps an outside write, one that returns rows too, waiting while the connection is held', async () => {
    const { db } = get();
    const hold = gate();
    const order: string[] = [];
    const relaxed = withRelaxedDurability(db, async () => {
      await hold.opened;
      order.push('relaxed work done');
    });
    await new Promise((resolve) => setImmediate(resolve)); // the connection is held by now
    const write = insertSettingReturning
      .first(db, 'prep-while-held', '"x"')
      .then(() => order.push('outside write done'));
    if (dialectOf(db) === 'postgres') {
      // Separate pooled connections: nothing to wait for, the write lands while held.
      await write;
      order.push('released');
      hold.open();
      await relaxed;
      expect(order).toEqual(['outside write done', 'released', 'relaxed work done']);
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
    order.push('released');
    hold.open();
    await relaxed;
    await write;
    expect(order).toEqual(['released', 'relaxed work done', 'outside write done']);
  });
});

// The SQLite switches the database layer relies on (db/README.md): WAL (group commit flushes
// its file), FULL outside the commit batches, a busy timeout for a second process, foreign
// keys, and the savepoints' sub-journals in memory (decision 0111: a temporary file was 14% of
// a transfer's CPU). Nothing else fails when temp_store goes back to a file: this does.
describe('openSqlite', () => {
  it('opens in WAL with FULL, a busy timeout, foreign keys and temporary storage in memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-open-sqlite-'));
    const sqlite = openSqlite(join(dir, 'wallet.db'));
    try {
      const read = (name: string): unknown => sqlite.pragma(name, { simple: true });
      expect({
        journal_mode: read('journal_mode'),
        synchronous: read('synchronous'),
        busy_timeout: read('busy_timeout'),
        foreign_keys: read('foreign_keys'),
        temp_store: read('temp_store'),
      }).toEqual({
        journal_mode: 'wal',
        synchronous: 2, // FULL
        busy_timeout: 5000,
        foreign_keys: 1,
        temp_store: 2, // MEMORY
      });
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Decision 0034: Kysely's SQLite driver prepares every query anew; the cache keeps the
  // prepared statements by SQL text, bounded (the oldest goes first).
  it('keeps prepared SQLite statements by their text, the oldest dropped past the bound', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-statement-cache-'));
    const cache = withStatementCache(openSqlite(join(dir, 'wallet.db')), 2);
    try {
      const first = cache.prepare('select 1 as one');
      expect(cache.prepare('select 1 as one')).toBe(first);
      cache.prepare('select 2 as two');
      cache.prepare('select 3 as three');
      expect(cache.prepare('select 1 as one')).not.toBe(first);
    } finally {
      cache.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
