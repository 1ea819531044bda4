import { describe, expect, it, vi } from 'vitest';
import type { GameProvider } from '../ports/game-provider';
import { withBetReportCache } from './cached-bet-reports';

function fakeProvider(bets: () => number) {
  const betReport = vi.fn(async () => ({ bets: bets(), wins: 0, rounds: 1 }));
  const balance = vi.fn(async () => 500);
  return { provider: { betReport, balance } as unknown as GameProvider, betReport, balance };
}

describe('withBetReportCache', () => {
  it('answers the same window from memory within the ttl, and asks again after it', async () => {
    let clock = 1_000;
    let bets = 100;
    const { provider, betReport } = fakeProvider(() => bets);
    const cached = withBetReportCache(provider, 3_000, () => clock);
    expect((await cached.betReport('PG', 'u1', 'T0')).bets).toBe(100);
    bets = 250;
    clock += 2_999;
    expect((await cached.betReport('PG', 'u1', 'T0')).bets).toBe(100);
    expect(betReport).toHaveBeenCalledTimes(1);
    clock += 1;
    expect((await cached.betReport('PG', 'u1', 'T0')).bets).toBe(250);
    expect(betReport).toHaveBeenCalledTimes(2);
  });

  it('keeps windows, accounts and providers apart, and shares concurrent asks', async () => {
    const { provider, betReport } = fakeProvider(() => 1);
    const cached = withBetReportCache(provider, 3_000, () => 0);
    await Promise.all([
      cached.betReport('PG', 'u1', 'T0'),
      cached.betReport('PG', 'u1', 'T0'),
      cached.betReport('PG', 'u1', 'T1'),
      cached.betReport('PG', 'u2', 'T0'),
      cached.betReport('JOKER', 'u1', 'T0'),
      cached.betReport('PG', 'u1', 'T0', 'T9'),
    ]);
    expect(betReport).toHaveBeenCalledTimes(5);
  });

  it('does not remember a failure, passes other calls through, and is off at ttl 0', async () => {
    let fail = true;
    const betReport = vi.fn(async () => {
      if (fail) throw new Error('down');
      return { bets: 7, wins: 0, rounds: 1 };
    });
    const provider = { betReport, balance: async () => 42 } as unknown as GameProvider;
    const cached = withBetReportCache(provider, 3_000, () => 0);
    await expect(cached.betReport('PG', 'u1', 'T0')).rejects.toThrow('down');
    fail = false;
    expect((await cached.betReport('PG', 'u1', 'T0')).bets).toBe(7);
    expect(await cached.balance('PG', 'u1')).toBe(42);
    expect(withBetReportCache(provider, 0)).toBe(provider);
  });
});
