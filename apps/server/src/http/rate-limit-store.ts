// The in-memory store behind every per-IP limit (decision 0004). @fastify/rate-limit 10.3's
// own LocalStore hands back its live counter object, and the plugin reads the count one
// microtask later: requests that arrive in the same tick all saw the burst's final count,
// so with a limit of 10 a burst of 12 got twelve 429s instead of ten answers and two 429s
// (found by T10 once the security headers stopped adding async steps before the limiter).
// This store answers a copy of the counter taken at the moment of each increment.
import { createRequire } from 'node:module';
import type { SharedCounter } from '../ports/shared-counter';

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Counter) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => Store;

export class SnapshotLocalStore {
  private readonly inner: Store;

  constructor(options: StoreOptions = {}) {
    this.inner = new LocalStore(
      options.continueExceeding,
      options.exponentialBackoff,
      options.cache,
    );
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.inner.incr(
      key,
      (error, result) => callback(error, result ? { ...result } : result),
      timeWindow,
      max,
    );
  }

  /** One store per route with its own limit, as the plugin expects. */
  child(routeOptions: StoreOptions): SnapshotLocalStore {
    return new SnapshotLocalStore(routeOptions);
  }
}

/**
 * A store over a SharedCounter (decision 0103): with several server processes every per-IP
 * limit is counted where all of them see it (Redis or the database). Each route keeps its
 * own count, as with the memory store; each increment answers its own count, so a same-tick
 * burst counts right here too.
 */
export function sharedRateLimitStore(counter: SharedCounter) {
  return class SharedRateLimitStore {
    private readonly route: string;

    /** The plugin constructs the root store with its options; children get their route. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.hit(`ip:${this.route}:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const info = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : String(info.method ?? '');
      return new SharedRateLimitStore(`${method} ${String(info.url ?? '')}`);
    }
  };
}
