import { describe, expect, it } from 'vitest';
import { BETS, REEL_SYMBOLS, type Reels, isBet, payout, spinReels } from './demo-game.js';

describe('demo slot', () => {
  it('accepts bets of 1, 5 and 10 baht only (in satang)', () => {
    expect(BETS).toEqual([100, 500, 1000]);
    expect(isBet(500)).toBe(true);
    expect(isBet(200)).toBe(false);
    expect(isBet(Number.NaN)).toBe(false);
  });

  it('pays 10x for three of a kind, 1.5x for a pair, nothing otherwise', () => {
    expect(payout([2, 2, 2], 100)).toBe(1000);
    expect(payout([1, 1, 3], 500)).toBe(750);
    expect(payout([4, 0, 4], 1000)).toBe(1500);
    expect(payout([0, 1, 2], 1000)).toBe(0);
  });

  it('never lets a round net zero and returns about 90% over every outcome', () => {
    const n = REEL_SYMBOLS.length;
    let paid = 0;
    for (let a = 0; a < n; a += 1) {
      for (let b = 0; b < n; b += 1) {
        for (let c = 0; c < n; c += 1) {
          const win = payout([a, b, c], 100);
          expect(win).not.toBe(100);
          expect(Number.isInteger(win)).toBe(true);
          paid += win;
        }
      }
    }
    const rtp = paid / (n ** 3 * 100);
    expect(rtp).toBeGreaterThan(0.85);
    expect(rtp).toBeLessThan(0.95);
  });

  it('spins three reels within the symbol range, even at the edge of the random source', () => {
    expect(spinReels(() => 0)).toEqual([0, 0, 0]);
    const last = REEL_SYMBOLS.length - 1;
    expect(spinReels(() => 0.9999999999)).toEqual([last, last, last]);
    const values = [0.1, 0.5, 0.9];
    const reels: Reels = spinReels(() => values.shift()!);
    expect(reels).toEqual([0, 3, 5]);
  });
});
