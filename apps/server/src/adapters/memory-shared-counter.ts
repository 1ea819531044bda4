// The in-process SharedCounter (decision 0103): right for one process only (SQLite, or a
// PostgreSQL deployment that runs one process and asks for it). Each hit answers its own
// count, taken at the moment of the increment (rate-limit-store.ts tells why that matters).
import type { Clock } from '../lib/clock';
import type { SharedCounter, WindowHit } from '../ports/shared-counter';

/** Windows kept before ended ones are dropped (insertion order: oldest first). */
const PRUNE_AT = 10_000;

export class MemorySharedCounter implements SharedCounter {
  readonly kind = 'memory';
  private readonly windows = new Map<string, { endsAt: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  hit(key: string, windowMs: number, amount = 1): Promise<WindowHit> {
    const now = this.clock.now().getTime();
    this.prune(now);
    let window = this.windows.get(key);
    // Giving back (a negative amount) to a window that has ended changes nothing.
    if (amount < 0 && (!window || window.endsAt <= now))
      return Promise.resolve({ count: 0, ttlMs: 0 });
    if (!window || window.endsAt <= now) {
      window = { endsAt: now + windowMs, count: 0 };
      // Re-inserted, so the map stays ordered by window start.
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count += amount;
    return Promise.resolve({ count: window.count, ttlMs: window.endsAt - now });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private prune(now: number): void {
    if (this.windows.size < PRUNE_AT) return;
    for (const [key, window] of this.windows) {
      if (window.endsAt > now) break;
      this.windows.delete(key);
    }
  }
}
