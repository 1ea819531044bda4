import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { countDatabaseTraffic } from '../../test/db-traffic';
import { forEachDialect, startTestApp } from '../../test/helpers';
import type { Db } from './database';
import { commitBatcherOf, dialectOf, walFlusherOf } from './database';
import { prepared } from './prepared';
import { sql } from 'kysely';
import {
  isUniqueViolation,
  lockKey,
  lockRows,
  withRelaxedDurability,
  withTransaction,
} from './transaction';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readCounter(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('operator_settings')
    .select('value_json')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(JSON.parse(row.value_json)) : 0;
}

async function writeCounter(db: Db, key: string, value: number): Promise<void> {
  await db
    .insertInto('operator_settings')
    .values({ key, value_json: JSON.stringify(value), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(value) }))
    .execute();
}

const insertSetting = prepared(2, (db, key: string, value: string) =>
  db.insertInto('operator_settings').values({ key, value_json: value, updated_at: 'test' }),
);

const updateSetting = prepared(2, (db, key: string, value: string) =>
  db.updateTable('operator_settings').set({ value_json: value }).where('key', '=', key),
);

function isUniqueViolationOf(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '23505' || String(code).startsWith('SQLITE_CONSTRAINT');
}

forEachDialect('withTransaction', (get) => {
  it('commits on success and rolls back everything when the callback throws', async () => {
    const { db } = get();
    await withTransaction(db, (trx) => writeCounter(trx, 'tx-commit', 7));
    expect(await readCounter(db, 'tx-commit')).toBe(7);
    await expect(
      withTransaction(db, async (trx) => {
        await writeCounter(trx, 'tx-commit', 8);
        await writeCounter(trx, 'tx-rollback', 1);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await readCounter(db, 'tx-commit')).toBe(7);
    expect(await readCounter(db, 'tx-rollback')).toBe(0);
  });

  it('joins an open transaction when nested (one commit, one rollback)', async () => {
    const { db } = get();
    await expect(
      withTransaction(db, async (outer) => {
        await withTransaction(outer, (inner) => writeCounter(inner, 'tx-nested', 1));
        expect(await readCounter(outer, 'tx-nested')).toBe(1);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await readCounter(db, 'tx-nested')).toBe(0);
  });

  it('loses no update under 40 concurrent read-modify-write transactions', async () => {
    const { db } = get();
    await writeCounter(db, 'tx-counter', 0);
    await Promise.all(
      Array.from({ length: 40 }, () =>
        withTransaction(db, async (trx) => {
          await lockRows(trx, 'operator_settings', 'key', ['tx-counter']);
          const value = await readCounter(trx, 'tx-counter');
          await pause(1); // widen the race window
          await writeCounter(trx, 'tx-counter', value + 1);
        }),
      ),
    );
    expect(await readCounter(db, 'tx-counter')).toBe(40);
  });

  it('serialises on a key when there is no row to lock yet', async () => {
    const { db } = get();
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        withTransaction(db, async (trx) => {
          await lockKey(trx, 'tx-create-once');
          if ((await readCounter(trx, 'tx-once')) > 0) return false;
          await pause(1);
          await writeCounter(trx, 'tx-once', 1);
          return true;
        }),
      ),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
  });

  it('locks several rows in key order without deadlocking', async () => {
    const { db } = get();
    for (const key of ['tx-a', 'tx-b', 'tx-c']) await writeCounter(db, key, 0);
    const orders = [
      ['tx-a', 'tx-b', 'tx-c'],
      ['tx-c', 'tx-b', 'tx-a'],
      ['tx-b', 'tx-c', 'tx-a'],
    ];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withTransaction(db, async (trx) => {
          const keys = orders[i % 3]!;
          await lockRows(trx, 'operator_settings', 'key', keys);
          for (const key of keys) {
            const value = await readCounter(trx, key);
            await writeCounter(trx, key, value + 1);
          }
        }),
      ),
    );
    for (const key of ['tx-a', 'tx-b', 'tx-c']) expect(await readCounter(db, key)).toBe(30);
  });

  it('refuses row locks outside a transaction', async () => {
    const { db } = get();
    await expect(lockRows(db, 'operator_settings', 'key', ['x'])).rejects.toThrow(
      /withTransaction/,
    );
    await expect(lockKey(db, 'x')).rejects.toThrow(/withTransaction/);
  });

  it('retries a serialization failure of its dialect, and only that', async () => {
    const { db } = get();
    const code = dialectOf(db) === 'postgres' ? '40001' : 'SQLITE_BUSY';
    let attempts = 0;
    const result = await withTransaction(db, async (trx) => {
      attempts++;
      await writeCounter(trx, 'tx-retry', attempts);
      if (attempts === 1) throw Object.assign(new Error('conflict'), { code });
      return 'done';
    });
    expect([result, attempts, await readCounter(db, 'tx-retry')]).toEqual(['done', 2, 2]);
    let other = 0;
    await expect(
      withTransaction(db, async () => {
        other++;
        throw Object.assign(new Error('constraint'), { code: '23514' });
      }),
    ).rejects.toThrow('constraint');
    expect(other).toBe(1);
  });

  it('recognises unique violations by table and column', async () => {
    const { db } = get();
    const row = {
      username: 'tx-operator',
      password_hash: 'x',
      status: 'active' as const,
      created_at: new Date().toISOString(),
    };
    await db.insertInto('operators').values(row).execute();
    const error = await db
      .insertInto('operators')
      .values(row)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'operators', 'username')).toBe(true);
    expect(isUniqueViolation(error, 'members', 'username')).toBe(false);
    expect(isUniqueViolation(new Error('other'), 'operators', 'username')).toBe(false);
  });

  it('commits money at the group-commit level and relaxed bookkeeping without a disk wait, and keeps FULL for the rest', async () => {
    const { db } = get();
    let reads = 0;
    // A new SQL text each read: SQLite evaluates `pragma synchronous` when the statement is
    // prepared, and the statement cache would hand back an old answer.
    const level = async (executor: Db): Promise<string> => {
      reads += 1;
      const query =
        dialectOf(executor) === 'sqlite'
          ? `pragma synchronous /* read ${reads} */`
          : `select current_setting('synchronous_commit') as synchronous /* read ${reads} */`;
      const { rows } = await sql<{ synchronous: number | string }>`${sql.raw(query)}`.execute(
        executor,
      );
      return String(rows[0]?.synchronous);
    };
    if (dialectOf(db) === 'sqlite') {
      // 1 = NORMAL inside (the commit's fsync is the WalFlusher's), 2 = FULL everywhere else.
      expect(await withTransaction(db, level)).toBe('1');
      expect(await withRelaxedDurability(db, level)).toBe('1');
      expect(await level(db)).toBe('2');
      await expect(
        withTransaction(db, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await level(db)).toBe('2');
    } else {
      expect(await withRelaxedDurability(db, level)).toBe('off');
      // The relaxed pool is separate: a money transaction keeps the server's setting.
      const inTransaction = await withTransaction(db, level);
      const outside = await level(db);
      expect(inTransaction).toBe(outside);
    }
  });

  // Commit batching on SQLite, pipelining on PostgreSQL (decision 0111): seen from outside,
  // concurrent transactions still run as if one after another.
  it('commits concurrent transactions together while a failing one rolls back alone', async () => {
    const { db } = get();
    const batcher = commitBatcherOf(db);
    const before = batcher ? { batches: batcher.batches, items: batcher.items } : undefined;
    const outcomes = await Promise.allSettled([
      withTransaction(db, (trx) => writeCounter(trx, 'batch-a', 1)),
      withTransaction(db, async (trx) => {
        await writeCounter(trx, 'batch-b', 1);
        throw new Error('b fails');
      }),
      withTransaction(db, (trx) => writeCounter(trx, 'batch-c', 1)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([
      await readCounter(db, 'batch-a'),
      await readCounter(db, 'batch-b'),
      await readCounter(db, 'batch-c'),
    ]).toEqual([1, 0, 1]);
    if (batcher && before) {
      // One SQLite transaction for the three; the failed one is not among those it committed.
      expect([batcher.batches - before.batches, batcher.items - before.items]).toEqual([1, 2]);
    }
  });

  it('sends a deferred write with the next statement, in order, and fails the transaction when it fails', async () => {
    const { db } = get();
    const writes = countDatabaseTraffic();
    try {
      const seen = await withTransaction(db, async (trx) => {
        await insertSetting.defer(trx, 'deferred-a', '1');
        return readCounter(trx, 'deferred-a');
      });
      expect(seen).toBe(1);
      // BEGIN, the deferred insert and the read in one write; COMMIT in the next.
      if (dialectOf(db) === 'postgres') expect(writes.writes).toBe(2);
    } finally {
      writes.stop();
    }
    // A deferred insert that breaks a UNIQUE key fails the read after it...
    const duplicate = await withTransaction(db, async (trx) => {
      await writeCounter(trx, 'deferred-b', 1);
      await insertSetting.defer(trx, 'deferred-a', '2');
      return readCounter(trx, 'deferred-b');
    }).catch((error: unknown) => error);
    expect(isUniqueViolationOf(duplicate)).toBe(true);
    // ...or the COMMIT when nothing follows it; either way nothing of the transaction stays.
    const atCommit = await withTransaction(db, async (trx) => {
      await writeCounter(trx, 'deferred-c', 1);
      await insertSetting.defer(trx, 'deferred-a', '3');
    }).catch((error: unknown) => error);
    expect(isUniqueViolationOf(atCommit)).toBe(true);
    expect([
      await readCounter(db, 'deferred-a'),
      await readCounter(db, 'deferred-b'),
      await readCounter(db, 'deferred-c'),
    ]).toEqual([1, 0, 0]);
  });

  it('fails the transaction when a deferred write that must change one row changes none', async () => {
    const { db } = get();
    await writeCounter(db, 'one-row', 1);
    await withTransaction(db, async (trx) => {
      await updateSetting.deferOne(trx, 'one-row', '2');
    });
    expect(await readCounter(db, 'one-row')).toBe(2);
    const missed = await withTransaction(db, async (trx) => {
      await updateSetting.deferOne(trx, 'one-row', '3');
      await updateSetting.deferOne(trx, 'no-such-row', '3');
      return readCounter(trx, 'one-row');
    }).catch((error: unknown) => error);
    expect(String(missed)).toMatch(/expected 1 row changed, got 0/);
    expect(await readCounter(db, 'one-row')).toBe(2);
  });

  it('writes the relaxed statements of one turn together', async () => {
    const { db } = get();
    const batcher = commitBatcherOf(db);
    const batches = batcher?.batches ?? 0;
    const writes = countDatabaseTraffic();
    try {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          withRelaxedDurability(db, (executor) => insertSetting.run(executor, `relaxed-${i}`, '1')),
        ),
      );
      // PostgreSQL: one socket write on the shared relaxed connection; SQLite: one commit.
      if (dialectOf(db) === 'postgres') expect(writes.writes).toBe(1);
      else expect(batcher!.batches - batches).toBe(1);
    } finally {
      writes.stop();
    }
    for (let i = 0; i < 5; i++) expect(await readCounter(db, `relaxed-${i}`)).toBe(1);
  });
});

describe('SQLite across connections (BEGIN IMMEDIATE)', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('loses no update when another connection (a second process) writes at the same time', async () => {
    if (!t || t.config.database.kind !== 'sqlite') throw new Error('needs the SQLite test app');
    const { db } = t;
    const path = t.config.database.path;
    await writeCounter(db, 'xconn', 0);
    const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
    // The worker is a separate connection doing synchronous BEGIN IMMEDIATE increments.
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const Database = require(workerData.modulePath);
       const db = new Database(workerData.path);
       db.pragma('busy_timeout = 5000');
       for (let i = 0; i < workerData.rounds; i++) {
         db.exec('BEGIN IMMEDIATE');
         const row = db.prepare("select value_json from operator_settings where key = 'xconn'").get();
         db.prepare("update operator_settings set value_json = ? where key = 'xconn'").run(String(Number(row.value_json) + 1));
         db.exec('COMMIT');
       }
       db.close();
       parentPort.postMessage('done');`,
      { eval: true, workerData: { modulePath, path, rounds: 200 } },
    );
    const workerDone = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    for (let i = 0; i < 200; i++) {
      await withTransaction(db, async (trx) => {
        const value = await readCounter(trx, 'xconn');
        await pause(0);
        await writeCounter(trx, 'xconn', value + 1);
      });
    }
    await workerDone;
    await worker.terminate();
    expect(await readCounter(db, 'xconn')).toBe(400);
  });

  // A batch is one SQLite transaction (decision 0111): when SQLite ends it by itself (an I/O
  // error, a full disk; here a stray ROLLBACK), the writes of every transaction before in the
  // batch are gone too, so each of them fails; the next one starts a new batch.
  it('fails every transaction of a batch that SQLite rolled back, and goes on with the next', async () => {
    if (!t || t.config.database.kind !== 'sqlite') throw new Error('needs the SQLite test app');
    const { db } = t;
    const outcomes = await Promise.allSettled([
      withTransaction(db, (trx) => writeCounter(trx, 'lost-a', 1)),
      withTransaction(db, async (trx) => {
        await sql`rollback`.execute(trx);
      }),
      withTransaction(db, (trx) => writeCounter(trx, 'lost-c', 1)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect([await readCounter(db, 'lost-a'), await readCounter(db, 'lost-c')]).toEqual([0, 1]);
  });

  // Group commit (decision 0034) keeps the WAL file open between flushes (decision 0107):
  // one open for every fsync, also after another connection (the worker above) closed.
  it('flushes every commit through one WAL file kept open', async () => {
    if (!t || t.config.database.kind !== 'sqlite') throw new Error('needs the SQLite test app');
    const flusher = walFlusherOf(t.db);
    if (!flusher) throw new Error('the test database runs in WAL mode');
    const { flushes, opens } = flusher;
    for (let i = 0; i < 20; i++) await withTransaction(t.db, (trx) => writeCounter(trx, 'wal', i));
    expect(flusher.flushes - flushes).toBe(20);
    expect(flusher.opens - opens).toBeLessThanOrEqual(1);
    expect(flusher.opens).toBe(1);
    expect(await readCounter(t.db, 'wal')).toBe(19);
  });
});
