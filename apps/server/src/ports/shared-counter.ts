// Fixed-window counters that every server process sees (issue 15, decision 0103): per-IP
// limits and per-caller windows. One port, three adapters chosen by config
// (SHARED_COUNTERS): memory (one process: SQLite), database (PostgreSQL without Redis: one
// upsert on shared_counters) and Redis (REDIS_URL: one script of INCR and PEXPIRE).

export interface WindowHit {
  /** Uses of the key in its current window, this one included (each hit sees its own). */
  count: number;
  /** Milliseconds until the key's window ends. */
  ttlMs: number;
}

export interface SharedCounter {
  /** Where the counts live (logs, tests). */
  readonly kind: 'memory' | 'database' | 'redis';
  /**
   * Counts one use of `key`: a window of `windowMs` starts with the first use after the last
   * one ended. Every use counts, refused ones too (the window does not move). `amount`
   * (default 1) is what the use adds: bytes for a byte quota (decision 0121), 0 to read the
   * count, negative to give back what a refused use added.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<WindowHit>;
  /** Releases connections (Redis); the app's close calls it. */
  close(): Promise<void>;
}

/**
 * Counts one use of `key` against `max` per `windowMs`: undefined when allowed, else the
 * seconds until the window ends (at least 1).
 */
export async function takeFromWindow(
  counter: SharedCounter,
  key: string,
  max: number,
  windowMs: number,
): Promise<number | undefined> {
  const { count, ttlMs } = await counter.hit(key, windowMs);
  return count <= max ? undefined : Math.max(1, Math.ceil(ttlMs / 1000));
}

/**
 * takeFromWindow for a limit that other checks back (the rule of the per-IP limits, decision
 * 0103): when the shared counters fail (Redis unreachable), the use is let through and
 * `onError` is told, rather than refusing every caller during the outage.
 */
export async function takeFromWindowOrPass(
  counter: SharedCounter,
  key: string,
  max: number,
  windowMs: number,
  onError: (error: unknown) => void,
): Promise<number | undefined> {
  try {
    return await takeFromWindow(counter, key, max, windowMs);
  } catch (error) {
    onError(error);
    return undefined;
  }
}

/** One quota of takeQuotas: `max` per `windowMs` under `key`. */
export interface Quota {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Adds `amount` (bytes) to every quota at once, atomically per key: undefined when all of
 * them still hold, else the seconds until the first refusing window ends, with the amount
 * given back to every quota (a refused use costs nothing). Concurrent uses can never take
 * a quota past its `max` together: each sees the others' amounts.
 */
export async function takeQuotas(
  counter: SharedCounter,
  quotas: readonly Quota[],
  amount: number,
): Promise<number | undefined> {
  const hits = await Promise.all(quotas.map((q) => counter.hit(q.key, q.windowMs, amount)));
  const over = hits
    .map((hit, i) => ({ hit, quota: quotas[i]! }))
    .filter(({ hit, quota }) => hit.count > quota.max);
  if (over.length === 0) return undefined;
  await Promise.all(quotas.map((q) => counter.hit(q.key, q.windowMs, -amount)));
  return Math.max(1, Math.ceil(Math.min(...over.map(({ hit }) => hit.ttlMs)) / 1000));
}

/** Whether a quota is spent already (reads its count without adding): seconds to wait, or undefined. */
export async function quotaSpent(
  counter: SharedCounter,
  quota: Quota,
): Promise<number | undefined> {
  const { count, ttlMs } = await counter.hit(quota.key, quota.windowMs, 0);
  return count < quota.max ? undefined : Math.max(1, Math.ceil(ttlMs / 1000));
}
