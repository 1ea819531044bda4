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

interface Waiter<O> {
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** Collects items until the event loop's next check phase, then handles them all in one call. */
export class TurnBatcher<I, O> {
  private items: I[] = [];
  private waiters: Waiter<O>[] = [];
  private scheduled = false;
  batches = 0;

  /** `run` answers one output per item, in order. */
  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.items.push(item);
      this.waiters.push({ resolve, reject });
      if (this.items.length >= this.maxBatch) this.flush();
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
    if (this.items.length === 0) return;
    const items = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.batches += 1;
    this.run(items).then(
      (outputs) => waiters.forEach((waiter, i) => waiter.resolve(outputs[i]!)),
      (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
}

/** Lookups by key in one turn share one load; each key is loaded once. */
export class KeyBatcher<K, V> {
  private readonly turns: TurnBatcher<K, V | undefined>;

  constructor(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 256) {
    this.turns = new TurnBatcher(async (keys) => {
      const found = await load([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    }, maxBatch);
  }

  get batches(): number {
    return this.turns.batches;
  }

  get(key: K): Promise<V | undefined> {
    return this.turns.submit(key);
  }
}

/**
 * A single autocommit statement that is batched on a PostgreSQL database handle (the
 * items of one turn in one multi-row statement: `many` answers one output per item, in
 * order) and runs `one` directly on SQLite or inside a transaction.
 */
export function batchedStatement<I, O>(
  one: (db: Db, item: I) => Promise<O>,
  many: (db: Db, items: I[]) => Promise<O[]>,
): { run(db: Db, item: I): Promise<O> } {
  const batchers = new WeakMap<Db, TurnBatcher<I, O>>();
  return {
    run: (db, item) => {
      if (dialectOf(db) !== 'postgres' || isInTransaction(db)) return one(db, item);
      let batcher = batchers.get(db);
      if (!batcher) {
        batcher = new TurnBatcher((items) => many(db, items));
        batchers.set(db, batcher);
      }
      return batcher.submit(item);
    },
  };
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
