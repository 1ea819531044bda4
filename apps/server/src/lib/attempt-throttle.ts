// The per-key attempt throttle shared by sign-in (decision 0004) and gift links (0025): an
// attempt is counted before anything is checked, so parallel guesses cannot overtake the
// count; the attempt that reaches the limit is still checked; every later one is refused
// until the lock ends; a success clears the count. One row per key in a throttle table
// (`login_throttle` or `gift_link_throttle`, same columns).
import type { Db } from '../db/database';
import { lockKey, withTransaction } from '../db/transaction';
import type { Clock } from './clock';
import { MINUTE_MS } from './clock';

export type ThrottleTable = 'login_throttle' | 'gift_link_throttle';

export interface ThrottleLimits {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

// Both tables have the same columns; queries are typed against one of them.
const typed = (table: ThrottleTable) => table as 'login_throttle';

/** Counts an attempt: 'locked' while a lock holds (nothing counted), else whether it locked now. */
export function chargeAttempt(
  db: Db,
  clock: Clock,
  table: ThrottleTable,
  key: string,
  limits: ThrottleLimits,
): Promise<'locked' | { lockedNow: boolean }> {
  return withTransaction(db, async (trx) => {
    await lockKey(trx, `${table}:${key}`);
    const now = clock.now();
    const nowIso = now.toISOString();
    const row = await trx
      .selectFrom(typed(table))
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (row?.locked_until && row.locked_until > nowIso) return 'locked';
    const windowStart = new Date(now.getTime() - limits.windowMinutes * MINUTE_MS).toISOString();
    const fresh = !row || row.locked_until !== null || row.window_started_at <= windowStart;
    const failures = fresh ? 1 : row.failures + 1;
    const lockedNow = failures >= limits.maxFailures;
    const values = {
      failures,
      window_started_at: fresh ? nowIso : row.window_started_at,
      locked_until: lockedNow
        ? new Date(now.getTime() + limits.lockMinutes * MINUTE_MS).toISOString()
        : null,
    };
    await trx
      .insertInto(typed(table))
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
    return { lockedNow };
  });
}

/** A success: the key starts over. */
export async function clearAttempts(db: Db, table: ThrottleTable, key: string): Promise<void> {
  await db.deleteFrom(typed(table)).where('key', '=', key).execute();
}

/** Housekeeping: rows whose window started before `before` and that lock nobody now. */
export async function purgeAttempts(
  db: Db,
  table: ThrottleTable,
  before: string,
  now: string,
): Promise<number> {
  const result = await db
    .deleteFrom(typed(table))
    .where('window_started_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
