import { describe, expect, it } from 'vitest';
import { RoundLog } from './round-log.js';

const T = Date.UTC(2026, 10, 22, 4, 0, 0); // a minute boundary
const MIN = 60_000;

describe('round log (decision 0076)', () => {
  it('reports rounds at or after since and before until, to the millisecond', () => {
    const log = new RoundLog();
    log.record(T - 1, 100, 0);
    log.record(T, 500, 750);
    log.record(T + 30_000, 1000, 0);
    log.record(T + MIN - 1, 100, 1000);
    log.record(T + MIN, 500, 0);
    expect(log.report(T, T + MIN)).toEqual({ bets: 1600, wins: 1750, rounds: 3 });
    // since is inclusive, until exclusive.
    expect(log.report(T - 1, T)).toEqual({ bets: 100, wins: 0, rounds: 1 });
    expect(log.report(T + MIN, T + MIN)).toEqual({ bets: 0, wins: 0, rounds: 0 });
    expect(log.report(T + MIN, Infinity)).toEqual({ bets: 500, wins: 0, rounds: 1 });
    expect(log.totals).toEqual({ bets: 2200, wins: 1750, rounds: 5 });
  });

  it('keeps rounds of one millisecond as one run, so a 10,000-round batch costs one entry', () => {
    const log = new RoundLog({ exactRuns: 2, retentionMs: 60 * MIN });
    for (let i = 0; i < 10_000; i += 1) log.record(T + 5, 100, i % 2 === 0 ? 0 : 150);
    expect(log.size).toEqual({ runs: 1, buckets: 0 });
    expect(log.report(T + 5, T + 6)).toEqual({ bets: 1_000_000, wins: 750_000, rounds: 10_000 });
    expect(log.report(T + 6, Infinity).rounds).toBe(0);
  });

  it('folds runs past the exact window into minute buckets, counted by their first round', () => {
    const log = new RoundLog({ exactRuns: 2, retentionMs: 60 * MIN });
    log.record(T + 10_000, 100, 0); // minute 0
    log.record(T + 20_000, 100, 0); // minute 0
    log.record(T + MIN + 5_000, 500, 0); // minute 1
    log.record(T + 2 * MIN, 1000, 0); // minute 2: the first two runs are folded now
    log.record(T + 3 * MIN, 100, 150);
    expect(log.size).toEqual({ runs: 2, buckets: 2 });
    // Nothing is lost: whole-range totals stay exact.
    expect(log.report(T, Infinity)).toEqual({ bets: 1800, wins: 150, rounds: 5 });
    // Minute 0's bucket (first round T+10 s) counts whole when its first round is inside.
    expect(log.report(T + 10_000, T + MIN)).toEqual({ bets: 200, wins: 0, rounds: 2 });
    expect(log.report(T + 10_001, T + MIN)).toEqual({ bets: 0, wins: 0, rounds: 0 });
    // Exact runs keep their millisecond edges.
    expect(log.report(T + 2 * MIN, T + 3 * MIN)).toEqual({ bets: 1000, wins: 0, rounds: 1 });
  });

  it('drops minute buckets past the retention, while the totals keep counting', () => {
    const log = new RoundLog({ exactRuns: 1, retentionMs: 10 * MIN });
    for (let minute = 0; minute < 30; minute += 1) log.record(T + minute * MIN, 100, 0);
    const { buckets } = log.size;
    expect(buckets).toBeLessThanOrEqual(11);
    expect(log.report(T, T + 18 * MIN).rounds).toBe(0);
    expect(log.report(T + 19 * MIN, Infinity).rounds).toBe(11);
    expect(log.totals.rounds).toBe(30);
  });

  it('survives a snapshot as a copy', () => {
    const log = new RoundLog({ exactRuns: 1, retentionMs: 60 * MIN });
    log.record(T, 100, 0);
    log.record(T + MIN, 500, 750);
    const copy = RoundLog.fromSnapshot(JSON.parse(JSON.stringify(log.snapshot())), {
      exactRuns: 1,
      retentionMs: 60 * MIN,
    });
    expect(copy.report(T, Infinity)).toEqual(log.report(T, Infinity));
    copy.record(T + 2 * MIN, 100, 0);
    expect(log.totals.rounds).toBe(2);
    expect(copy.totals.rounds).toBe(3);
  });
});
