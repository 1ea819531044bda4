// Issue 15: nothing that must be shared lives in one process's memory (decision 0103), and
// periodic work is taken by one process at a time (decision 0104). "Two processes" are two
// apps (or two loops) with their own database handles on one database; the shared counters
// run against the database on both dialects and against a throwaway Redis.
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSharedCounter } from '../src/db/shared-counter';
import { MemorySharedCounter } from '../src/adapters/memory-shared-counter';
import { RedisSharedCounter } from '../src/adapters/redis-shared-counter';
import type { SharedCounter } from '../src/ports/shared-counter';
import { quotaSpent, takeFromWindow, takeQuotas } from '../src/ports/shared-counter';
import { SETTINGS_TTL_MS } from '../src/modules/settings/settings.service';
import type { Flow } from '../src/reconcile';
import {
  claim,
  dueRows,
  endJobTurn,
  reconcileOnce,
  startLeasedJob,
  takeJobTurn,
} from '../src/reconcile';
import { createDatabase } from '../src/db/database';
import { FakeClock, forEachDialect } from './helpers';
import { startSecondProcess } from './second-process';
import type { TestRedis } from './chat-socket-support';
import { startTestRedis } from './chat-socket-support';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Twelve hits of one key in the same tick, then the window's end. */
async function burst(counter: SharedCounter, key: string, windowMs: number) {
  const hits = await Promise.all(Array.from({ length: 12 }, () => counter.hit(key, windowMs)));
  return hits;
}

/**
 * Byte quotas (decision 0121): two quotas taken together in amounts; a use that would pass
 * either is refused and given back to both, so the counts never pass their max.
 */
async function quotaRun(counter: SharedCounter, prefix: string) {
  const quotas = [
    { key: `${prefix}:owner`, max: 100, windowMs: 60_000 },
    { key: `${prefix}:ip`, max: 150, windowMs: 60_000 },
  ];
  const answers: (number | undefined)[] = [];
  for (const amount of [40, 40, 40, 20, 1]) answers.push(await takeQuotas(counter, quotas, amount));
  const counts = await Promise.all(quotas.map((q) => counter.hit(q.key, q.windowMs, 0)));
  // Ten concurrent uses of 30 against a fresh quota of 100: exactly three fit.
  const race = { key: `${prefix}:race`, max: 100, windowMs: 60_000 };
  const raced = await Promise.all(
    Array.from({ length: 10 }, () => takeQuotas(counter, [race], 30)),
  );
  return {
    refused: answers.map((a) => a !== undefined),
    counts: counts.map((c) => c.count),
    spent: await quotaSpent(counter, quotas[0]!),
    racedIn: raced.filter((a) => a === undefined).length,
    raceCount: (await counter.hit(race.key, race.windowMs, 0)).count,
  };
}

const QUOTA_FIGURES = {
  refused: [false, false, true, false, true],
  counts: [100, 100],
  spent: 60,
  racedIn: 3,
  raceCount: 90,
};

describe('shared counters: memory and Redis', () => {
  it('memory: byte quotas hold in amounts, refused uses are given back', async () => {
    expect(await quotaRun(new MemorySharedCounter(new FakeClock()), 'q')).toEqual(QUOTA_FIGURES);
  });

  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('memory: each hit of a burst sees its own count; a new window starts over', async () => {
    const clock = new FakeClock();
    const counter = new MemorySharedCounter(clock);
    const hits = await burst(counter, 'k', 60_000);
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(await takeFromWindow(counter, 'k', 12, 60_000)).toBe(60);
    clock.advance(60_000);
    expect(await takeFromWindow(counter, 'k', 1, 60_000)).toBeUndefined();
  });

  it('Redis: byte quotas hold in amounts, refused uses are given back', async () => {
    const counter = await RedisSharedCounter.connect(redis.url, { prefix: `q${process.pid}:` });
    try {
      expect(await quotaRun(counter, `q${Date.now()}`)).toEqual(QUOTA_FIGURES);
    } finally {
      await counter.close();
    }
  });

  it('Redis: two clients count one key together; the window ends by Redis time', async () => {
    const a = await RedisSharedCounter.connect(redis.url, { prefix: `t${process.pid}:` });
    const b = await RedisSharedCounter.connect(redis.url, { prefix: `t${process.pid}:` });
    try {
      const hits = [...(await Promise.all([burst(a, 'k', 400), burst(b, 'k', 400)])).flat()].map(
        (h) => h.count,
      );
      expect(hits.sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      const wait = await takeFromWindow(b, 'k', 24, 400);
      expect(wait).toBe(1);
      await pause(450);
      expect(await a.hit('k', 400)).toMatchObject({ count: 1 });
      const n = 500;
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      for (let i = 0; i < n; i++) await a.hit(`cost-${i % 50}`, 60_000);
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      const used = process.cpuUsage(cpu);
      console.log(
        `shared counter [redis]: ${n} sequential hits, ${(wallMs / n).toFixed(3)} ms wall ` +
          `and ${((used.user + used.system) / 1000 / n).toFixed(3)} ms server CPU per hit`,
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});

forEachDialect('shared state across processes', (get) => {
  it('database counters: two handles count one key together, one row per key', async () => {
    const t = get();
    const otherDb = createDatabase(t.config);
    try {
      const a = new DatabaseSharedCounter(t.db, t.clock);
      const b = new DatabaseSharedCounter(otherDb, t.clock);
      const hits = [
        ...(await Promise.all([burst(a, 'db-k', 60_000), burst(b, 'db-k', 60_000)])).flat(),
      ].map((h) => h.count);
      expect(hits.sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      expect(await takeFromWindow(b, 'db-k', 24, 60_000)).toBe(60);
      t.clock.advance(60_000);
      expect(await a.hit('db-k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
      const rows = await t.db.selectFrom('shared_counters').selectAll().execute();
      expect(rows.filter((r) => r.key === 'db-k')).toHaveLength(1);
    } finally {
      await otherDb.destroy();
    }
  });

  it('database counters: byte quotas hold in amounts, refused uses are given back', async () => {
    const t = get();
    expect(await quotaRun(new DatabaseSharedCounter(t.db, t.clock), 'dbq')).toEqual(QUOTA_FIGURES);
  });

  it('database counters: the cost of one hit (printed)', async () => {
    const t = get();
    const counter = new DatabaseSharedCounter(t.db, t.clock);
    for (let i = 0; i < 50; i++) await counter.hit(`warm-${i % 5}`, 60_000);
    const n = 500;
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await counter.hit(`cost-${i % 50}`, 60_000);
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `shared counter [${t.dialect}]: ${n} sequential hits, ${(wallMs / n).toFixed(3)} ms wall ` +
        `and ${(cpuMs / n).toFixed(3)} ms server CPU per hit`,
    );
    expect(cpuMs).toBeGreaterThan(0);
  });

  it('a settings change through app A shows in app B within the bound', async () => {
    const t = get();
    const b = await startSecondProcess(t);
    try {
      const notice = async () =>
        (
          await b.app.inject({
            method: 'GET',
            url: '/api/lookup/notice',
            headers: { [WALLET_USER_HEADER]: WALLET_USER_VALUE },
          })
        ).json<{
          notice: string;
        }>().notice;
      const before = await notice(); // app B's cache holds the old value now
      expect(typeof before).toBe('string');
      const token = await t.operatorToken();
      const text = `notice ${Date.now()}`;
      const write = await t.call('PUT', '/api/operator/settings/notice', {
        token,
        body: { notice: { th: text, la: text, en: text } },
      });
      expect(write.statusCode).toBe(200);
      expect(before).not.toBe(text);
      const changedAt = Date.now();
      let seenAfter = -1;
      while (Date.now() - changedAt < 5_000) {
        if ((await notice()) === text) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await pause(20);
      }
      console.log(`settings: app B saw app A's change after ${seenAfter} ms [${t.dialect}]`);
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      expect(seenAfter).toBeLessThanOrEqual(SETTINGS_TTL_MS + 250);
    } finally {
      await b.close();
    }
  });

  it('a periodic job turn is taken by one process; a dead holder is taken over after its lease', async () => {
    const t = get();
    const otherDb = createDatabase(t.config);
    const name = `job-${t.dialect}-${Date.now()}`;
    try {
      const now = () => t.clock.now().toISOString();
      const leaseEnd = new Date(t.clock.now().getTime() + 60_000).toISOString();
      // Ten polls from two processes at once: one turn.
      const takes = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          takeJobTurn(i % 2 ? otherDb : t.db, name, `p${i % 2}`, now(), leaseEnd),
        ),
      );
      expect(takes.filter(Boolean)).toHaveLength(1);
      // The holder dies: nobody else takes it before the lease ends ...
      t.clock.advance(59_000);
      expect(await takeJobTurn(otherDb, name, 'p9', now(), 'x')).toBe(false);
      // ... and one process does after it.
      t.clock.advance(2_000);
      const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
      expect(await takeJobTurn(otherDb, name, 'p9', now(), later)).toBe(true);
      // The dead holder's late end changes nothing; the new holder's end sets the next turn.
      expect(await endJobTurn(t.db, name, leaseEnd, 'z', now())).toBe(false);
      const next = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      expect(await endJobTurn(otherDb, name, later, next, now())).toBe(true);
      expect(await takeJobTurn(t.db, name, 'p0', now(), 'x')).toBe(false);
      const row = await t.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ due_at: next, holder: 'p9', runs: 2 });
    } finally {
      await otherDb.destroy();
    }
  });

  it('startLeasedJob in two processes: each turn runs once', async () => {
    const t = get();
    const otherDb = createDatabase(t.config);
    const name = `leased-${t.dialect}-${Date.now()}`;
    const runs: string[] = [];
    const log = { error: () => undefined };
    const job = (db: typeof t.db, who: string) =>
      startLeasedJob(
        name,
        async () => {
          runs.push(who);
          await pause(30);
        },
        { intervalMs: 60_000, leaseMs: 10_000, pollMs: 10 },
        { db, clock: t.clock },
        log,
        who,
      );
    const a = job(t.db, 'a');
    const b = job(otherDb, 'b');
    try {
      await pause(300);
      expect(runs).toHaveLength(1);
      t.clock.advance(60_000);
      await pause(300);
      expect(runs).toHaveLength(2);
    } finally {
      await a.stop();
      await b.stop();
      await otherDb.destroy();
    }
  });

  it('two reconcile kernels never take the same item; a dead holder’s item is retaken after the lease', async () => {
    const t = get();
    const otherDb = createDatabase(t.config);
    try {
      const member = await t.db.selectFrom('members').select('id').executeTakeFirstOrThrow();
      const stamp = `${t.dialect}-${Date.now()}`;
      const due = new Date(t.clock.now().getTime() - 1000).toISOString();
      const rows = Array.from({ length: 40 }, (_, i) => ({
        ref: `k-${stamp}-${i}`,
        hash: `k-${stamp}-${i}`,
        member_id: member.id,
        amount: 100,
        currency: 'BAHT' as const,
        owner_mobile: '0800000000',
        idempotency_key: `k-${stamp}-${i}`,
        status: 'PENDING' as const,
        next_attempt_at: due,
        created_at: due,
        updated_at: due,
      }));
      await t.db.insertInto('gift_redemptions').values(rows).execute();
      const ids = (
        await t.db
          .selectFrom('gift_redemptions')
          .select('id')
          .where('ref', 'like', `k-${stamp}-%`)
          .execute()
      ).map((r) => r.id);
      const mine = new Set(ids);
      const taken = new Map<number, string[]>();
      const flow = (who: string): Flow<'gift_redemptions'> => ({
        name: `kernel-${who}`,
        table: 'gift_redemptions',
        intervalMs: 1000,
        leaseMs: 60_000,
        batch: 100,
        concurrency: 4,
        backoff: { baseMs: 1000, maxMs: 1000 },
        resolve: async (row) => {
          if (!mine.has(row.id)) return { kind: 'open', afterMs: 3_600_000 };
          taken.set(row.id, [...(taken.get(row.id) ?? []), who]);
          await pause(1);
          return { kind: 'settled' };
        },
      });
      // Two kernels (two processes) pass over the same due items at once.
      await Promise.all([
        reconcileOnce(flow('a'), { db: t.db, clock: t.clock }),
        reconcileOnce(flow('b'), { db: otherDb, clock: t.clock }),
      ]);
      expect([...taken.keys()].sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
      expect([...taken.values()].filter((by) => by.length !== 1)).toEqual([]);
      const byA = [...taken.values()].filter((by) => by[0] === 'a').length;
      console.log(
        `reconcile kernels [${t.dialect}]: ${ids.length} items, a took ${byA}, b took ${ids.length - byA}, 0 twice`,
      );

      // A holder that dies mid-item: it took the item (its lease is written) and never ends it.
      await t.db
        .updateTable('gift_redemptions')
        .set({ next_attempt_at: due })
        .where('id', '=', ids[0]!)
        .execute();
      const nowIso = t.clock.now().toISOString();
      const seen = (await dueRows(t.db, 'gift_redemptions', nowIso, 1000)).find(
        (r) => r.id === ids[0],
      );
      const leaseEnd = new Date(t.clock.now().getTime() + 60_000).toISOString();
      expect(await claim(t.db, 'gift_redemptions', seen!, leaseEnd, nowIso)).toBeDefined();
      taken.clear();
      await reconcileOnce(flow('c'), { db: otherDb, clock: t.clock });
      expect(taken.get(ids[0]!)).toBeUndefined();
      t.clock.advance(61_000);
      await reconcileOnce(flow('c'), { db: otherDb, clock: t.clock });
      expect(taken.get(ids[0]!)).toEqual(['c']);
    } finally {
      await otherDb.destroy();
    }
  });
});
