import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

describe('backoffMs (the one backoff of every reconcile flow)', () => {
  const policy = { baseMs: 1_000, maxMs: 60_000 };

  it('doubles from the base with each attempt and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(policy, n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(backoffMs(policy, 0)).toBe(1_000);
    expect(backoffMs(policy, 10_000)).toBe(60_000);
  });

  it('never waits less than the base, even with a cap below it', () => {
    expect(backoffMs({ baseMs: 5_000, maxMs: 1_000 }, 3)).toBe(5_000);
  });

  it('shortens by at most the jitter fraction, so retries of many items spread out', () => {
    const jittered = { ...policy, jitter: 0.2 };
    expect(backoffMs(jittered, 3, () => 0)).toBe(4_000);
    expect(backoffMs(jittered, 3, () => 0.999_999)).toBe(3_200);
    const spread = new Set(Array.from({ length: 50 }, () => backoffMs(jittered, 3)));
    expect(spread.size).toBeGreaterThan(10);
    for (const wait of spread) expect(wait >= 3_200 && wait <= 4_000).toBe(true);
  });
});
