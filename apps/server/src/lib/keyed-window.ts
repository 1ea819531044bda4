// A fixed-window counter per key, in this process (decision 0099): how many times a caller
// did something in the current window. Like @fastify/rate-limit's memory store (decision
// 0004) it counts per process; its keys are callers (a member, a visitor), not addresses,
// and it is charged after the caller is known, before any costly work.

export class KeyedWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one use of `key` at `nowMs`: undefined when allowed, else the seconds until the
   * key's window ends (nothing counted).
   */
  take(key: string, nowMs: number): number | undefined {
    this.prune(nowMs);
    let window = this.windows.get(key);
    if (!window || nowMs - window.start >= this.windowMs) {
      window = { start: nowMs, count: 0 };
      // Re-inserted, so the map stays ordered by window start.
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    if (window.count >= this.max)
      return Math.max(1, Math.ceil((window.start + this.windowMs - nowMs) / 1000));
    window.count += 1;
    return undefined;
  }

  /** Drops ended windows once the map grows (insertion order: oldest first). */
  private prune(nowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (nowMs - window.start < this.windowMs) break;
      this.windows.delete(key);
    }
  }
}
