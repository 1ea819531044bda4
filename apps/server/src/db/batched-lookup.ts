// Lookups by key that arrive in the same turn of the event loop share one query (decision
// 0039). On PostgreSQL every query is a round trip, and on this 2-core VM the server spends
// ~130 µs of `writev` on each; the session lookup that every authenticated request makes is
// GET /api/wallet's only query, so under load N concurrent requests now pay one round trip
// instead of N. Freshness is unchanged: the batch's query is sent after every request in
// it arrived, so each sees at least what it would have seen alone. SQLite has no round trip
// to save (its statements run in-process), so there each lookup runs on its own.
import type { Db } from './database';
import { dialectOf } from './database';
import { isInTransaction } from './transaction';

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/** Collects keys until the event loop's next check phase, then loads them all at once. */
export class KeyBatcher<K, V> {
  private pending = new Map<K, Waiter<V>[]>();
  private scheduled = false;
  batches = 0;

  constructor(
    private readonly load: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 256,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.pending.size >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate, not a microtask: requests whose bytes arrived in the same poll
        // phase are all parsed and waiting by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.batches += 1;
    this.load([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) {
          const value = found.get(key);
          for (const waiter of waiters) waiter.resolve(value);
        }
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}

/**
 * A lookup by key that is batched on a PostgreSQL database handle and runs `one` directly
 * on SQLite or inside a transaction (a batch must never mix transactions).
 */
export function batchedLookup<K, V>(
  one: (db: Db, key: K) => Promise<V | undefined>,
  many: (db: Db, keys: K[]) => Promise<Map<K, V>>,
): { get(db: Db, key: K): Promise<V | undefined>; batcherOf(db: Db): KeyBatcher<K, V> } {
  const batchers = new WeakMap<Db, KeyBatcher<K, V>>();
  const batcherOf = (db: Db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = new KeyBatcher((keys) => many(db, keys));
      batchers.set(db, batcher);
    }
    return batcher;
  };
  return {
    get: (db, key) =>
      dialectOf(db) !== 'postgres' || isInTransaction(db) ? one(db, key) : batcherOf(db).get(key),
    batcherOf,
  };
}
