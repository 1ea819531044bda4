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
   * one ended. Every use counts, refused ones too (the window does not move).
   */
  hit(key: string, windowMs: number): Promise<WindowHit>;
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
