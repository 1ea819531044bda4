// The reconcile kernel (src/reconcile, decision 0061) on a probe table of its own columns, on
// SQLite and PostgreSQL: the compare-and-set lease, a dead worker's item taken over once its
// lease ends, and how each resolution ends a take.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { createDatabase } from '../src/db/database';
import { isoNow, isoPlus } from '../src/lib/clock';
import type { Flow, ReconcileTable, Resolution } from '../src/reconcile';
import { claim, dueRows, reconcileOnce, release } from '../src/reconcile';
import type { TestDatabase } from './helpers';
import { createTestDatabase, dialects, FakeClock, testConfig } from './helpers';

// Not a real table of the app: the kernel sees only its columns, so a probe is enough.
const PROBE = 'reconcile_probe' as ReconcileTable;

describe.each(dialects)('reconcile kernel [%s]', (dialect) => {
  let testDb: TestDatabase;
  let db: Db;
  const clock = new FakeClock();

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = createDatabase(testConfig(testDb.database));
    await sql`create table reconcile_probe (
      id integer primary key,
      next_attempt_at text,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });
  beforeEach(async () => {
    await sql`delete from reconcile_probe`.execute(db);
  });

  const insert = (id: number, nextAttemptAt: string | null, attempts = 0) =>
    sql`insert into reconcile_probe (id, next_attempt_at, attempts)
        values (${id}, ${nextAttemptAt}, ${attempts})`.execute(db);
  const row = async (id: number) =>
    (
      await sql<{ next_attempt_at: string | null; attempts: number; last_error: string | null }>`
        select next_attempt_at, attempts, last_error from reconcile_probe where id = ${id}`.execute(
        db,
      )
    ).rows[0]!;

  it('lists only due items, oldest first; a null next_attempt_at is never due', async () => {
    await insert(1, isoPlus(clock, -2_000));
    await insert(2, isoPlus(clock, -5_000));
    await insert(3, isoPlus(clock, 60_000));
    await insert(4, null);
    const due = await dueRows(db, PROBE, isoNow(clock), 10);
    expect(due.map((r) => Number(r.id))).toEqual([2, 1]);
  });

  it('gives a due item to exactly one of many racing takers, and counts the attempt', async () => {
    await insert(1, isoPlus(clock, -1_000));
    const [seen] = await dueRows(db, PROBE, isoNow(clock), 1);
    const lease = isoPlus(clock, 30_000);
    const takes = await Promise.all(
      Array.from({ length: 10 }, () => claim(db, PROBE, seen!, lease, isoNow(clock))),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await row(1)).toMatchObject({ next_attempt_at: lease, attempts: 1 });
  });

  it("leaves a dead worker's item to another once its lease ends, and ignores the late release", async () => {
    await insert(1, isoPlus(clock, -1_000));
    const [seen] = await dueRows(db, PROBE, isoNow(clock), 1);
    const firstLease = isoPlus(clock, 30_000);
    expect(await claim(db, PROBE, seen!, firstLease, isoNow(clock))).toBeDefined();
    // The first worker dies here. Inside its lease nobody may take the item.
    expect(await dueRows(db, PROBE, isoNow(clock), 10)).toEqual([]);
    clock.advance(31_000);
    const [again] = await dueRows(db, PROBE, isoNow(clock), 10);
    expect(again?.next_attempt_at).toBe(firstLease);
    const secondLease = isoPlus(clock, 30_000);
    expect(await claim(db, PROBE, again!, secondLease, isoNow(clock))).toBeDefined();
    // The first worker was only slow: its release no longer holds the lease and changes nothing.
    expect(await release(db, PROBE, 1, firstLease, { nextAttemptAt: null })).toBe(false);
    expect(await row(1)).toMatchObject({ next_attempt_at: secondLease, attempts: 2 });
  });

  it('ends each take by its resolution, and counts figures in one report shape', async () => {
    const answers = new Map<number, Resolution | Error>([
      [1, { kind: 'settled', outcome: 'paid' }],
      [2, { kind: 'open', afterMs: 5_000 }],
      [3, { kind: 'retry', error: new Error('no answer') }],
      [4, { kind: 'review', reason: 'amount differs' }],
      [5, new Error('resolve blew up')],
    ]);
    for (const id of answers.keys()) await insert(id, isoPlus(clock, -1_000), 2);
    const flow: Flow = {
      name: 'probe',
      table: PROBE,
      intervalMs: 1_000,
      leaseMs: 30_000,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      resolve: async (taken, count) => {
        count('asked');
        const answer = answers.get(Number(taken.id))!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    const before = clock.now().getTime();
    const report = await reconcileOnce(flow, { db, clock });
    expect(report).toEqual({
      flow: 'probe',
      due: 5,
      claimed: 5,
      settled: 1,
      open: 1,
      retry: 2,
      review: 1,
      outcomes: { asked: 5, paid: 1 },
    });
    const at = async (id: number) => {
      const next = (await row(id)).next_attempt_at;
      return next === null ? null : Date.parse(next) - before;
    };
    expect(await at(1)).toBeNull();
    expect(await at(4)).toBeNull();
    expect(await at(2)).toBeGreaterThanOrEqual(5_000);
    expect(await at(2)).toBeLessThan(6_000);
    // Third take (attempts 2 -> 3): base * 2^2.
    expect(await at(3)).toBeGreaterThanOrEqual(4_000);
    expect(await at(3)).toBeLessThan(5_000);
    expect(await row(3)).toMatchObject({ attempts: 3, last_error: 'no answer' });
    expect(await row(5)).toMatchObject({ attempts: 3, last_error: 'resolve blew up' });
    expect((await row(4)).last_error).toBeNull();
    // Nothing is due now: each item waits for its own time.
    expect((await reconcileOnce(flow, { db, clock })).claimed).toBe(0);
  });
});
