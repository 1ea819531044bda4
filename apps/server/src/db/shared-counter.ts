// The database SharedCounter (decision 0103): PostgreSQL without Redis. One statement per hit,
// the same text on both dialects: an upsert that starts a new window when the stored one has
// ended and otherwise adds the amount (one use, or bytes), answering the count and the window's end. Concurrent hits on
// one key queue on its row (a key is one address or caller, never a hot row for everyone).
// Rows whose window ended are purged by housekeeping (purgeSharedCounters).
import { sql } from 'kysely';
import type { Clock } from '../lib/clock';
import type { SharedCounter, WindowHit } from '../ports/shared-counter';
import type { Db } from './database';

export class DatabaseSharedCounter implements SharedCounter {
  readonly kind = 'database';

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowHit> {
    const now = this.clock.now().getTime();
    const nowIso = new Date(now).toISOString();
    const endsAt = new Date(now + windowMs).toISOString();
    const ended = sql`shared_counters.window_ends_at <= ${nowIso}`;
    const row = await this.db
      .insertInto('shared_counters')
      // A give-back (negative) to a window that ended, or to none, starts the next one at 0.
      .values({ key, count: Math.max(0, amount), window_ends_at: endsAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${ended} then excluded.count
            else shared_counters.count + ${amount} end`,
          window_ends_at: sql<string>`case when ${ended} then excluded.window_ends_at
            else shared_counters.window_ends_at end`,
        }),
      )
      .returning(['count', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.count),
      ttlMs: Math.max(0, Date.parse(row.window_ends_at) - now),
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Housekeeping: counters whose window ended before `nowIso`; answers how many. */
export async function purgeSharedCounters(db: Db, nowIso: string): Promise<number> {
  const result = await db
    .deleteFrom('shared_counters')
    .where('window_ends_at', '<', nowIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
