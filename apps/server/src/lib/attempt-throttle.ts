// The per-key attempt throttle shared by sign-in (decision 0004), gift links (0025) and
// promotion codes (0120): an attempt is counted before anything is checked, so parallel
// guesses cannot overtake the count; the attempt that reaches the limit is still checked;
// every later one is refused until the lock ends; a success clears the count (or, where only
// failures count, takes its attempt back). One row per key in a throttle table
// (`login_throttle`, `gift_link_throttle` or `promotion_code_throttle`, same columns).
import type { Db } from '../db/database';
import { lockKey, withTransaction } from '../db/transaction';
import type { Clock } from './clock';
import { MINUTE_MS } from './clock';

export type ThrottleTable = 'login_throttle' | 'gift_link_throttle' | 'promotion_code_throttle';

export interface ThrottleLimits {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

// Both tables have the same columns; queries are typed against one of them.
const typed = (table: ThrottleTable) => table as 'login_throttle';

/**
 * An attempt counted (`lockedUntil`: the lock this attempt set, or null), or refused because
 * a lock holds until `lockedUntil` (ISO time).
 */
export type AttemptCount =
  | { locked: true; lockedUntil: string }
  | { locked: false; lockedNow: boolean; lockedUntil: string | null };

/** Counts an attempt: 'locked' while a lock holds (nothing counted), else whether it locked now. */
export async function chargeAttempt(
  db: Db,
  clock: Clock,
  table: ThrottleTable,
  key: string,
  limits: ThrottleLimits,
): Promise<'locked' | { lockedNow: boolean }> {
  const counted = await countAttempt(db, clock, table, key, limits);
  return counted.locked ? 'locked' : { lockedNow: counted.lockedNow };
}

/** chargeAttempt, telling until when a lock holds. */
export function countAttempt(
  db: Db,
  clock: Clock,
  table: ThrottleTable,
  key: string,
  limits: ThrottleLimits,
): Promise<AttemptCount> {
  return withTransaction(db, async (trx): Promise<AttemptCount> => {
    await lockKey(trx, `${table}:${key}`);
    const now = clock.now();
    const nowIso = now.toISOString();
    const row = await trx
      .selectFrom(typed(table))
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (row?.locked_until && row.locked_until > nowIso)
      return { locked: true, lockedUntil: row.locked_until };
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
    return { locked: false, lockedNow, lockedUntil: values.locked_until };
  });
}

/** When a lock on `key` ends, or null when none holds now. Counts nothing. */
export async function lockedUntil(
  db: Db,
  clock: Clock,
  table: ThrottleTable,
  key: string,
): Promise<string | null> {
  const row = await db
    .selectFrom(typed(table))
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  const until = row?.locked_until ?? null;
  return until !== null && until > clock.now().toISOString() ? until : null;
}

/**
 * Takes back one counted attempt that turned out a success, so a key counts failures only
 * (a lock already set stays).
 */
export async function releaseAttempt(db: Db, table: ThrottleTable, key: string): Promise<void> {
  await db
    .updateTable(typed(table))
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .where('locked_until', 'is', null)
    .execute();
}

/**
 * Takes back an attempt counted by countAttempt that turned out not to be a failure (a
 * known promotion code), so the key counts failures only. When that attempt set the lock
 * (`count.lockedUntil`), the lock is lifted with it, unless another attempt set a lock since.
 */
export async function takeBackAttempt(
  db: Db,
  table: ThrottleTable,
  key: string,
  count: Extract<AttemptCount, { locked: false }>,
): Promise<void> {
  if (count.lockedUntil === null) return releaseAttempt(db, table, key);
  await db
    .updateTable(typed(table))
    .set((eb) => ({ failures: eb('failures', '-', 1), locked_until: null }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .where('locked_until', '=', count.lockedUntil)
    .execute();
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
