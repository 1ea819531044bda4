// reliability.md T3 at a deposit limit's edge (issue 28, decisions 0139 and 0140), shortened
// for CI: per dialect, 3 rounds of 20 simultaneous QR creations and 3 rounds of 20 simultaneous
// slip uploads by a member at the edge of a day limit (the gift-link kind, and deposits that
// arrive at once, are in protection.int.test.ts; the script runs all three kinds). Each ends
// with the ledger check. The full 1,000 rounds: `npx tsx apps/server/scripts/t3-limit-races.ts`.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { runLimitQrRaces, runLimitSlipRaces } from './limit-races';
import type { LimitRaceFigures } from './limit-races';

const ROUNDS = 3;

const line = (dialect: string, f: LimitRaceFigures) =>
  `T3 limit ${f.race} [${dialect}] rounds=${f.rounds} requests=${f.requests} clean=${f.cleanRounds} ` +
  `accepted=${f.minAccepted}..${f.maxAccepted} overLimit=${f.maxOverLimit} ` +
  `negative=${f.negativeBalances} answers=${JSON.stringify(f.answers)} ms=${f.ms}`;

forEachDialect('T3 deposit limit races', (get) => {
  it('20 simultaneous QR creations at a limit edge: none that fits is refused, one stays open', async () => {
    const t = get();
    const broken: string[] = [];
    const figures = await runLimitQrRaces(t, {
      rounds: ROUNDS,
      onBreak: (round, what) => broken.push(`round ${round}: ${what}`),
    });
    console.log(line(t.dialect, figures));
    expect(broken).toEqual([]);
    expect(figures.cleanRounds).toBe(ROUNDS);
    expect(figures.minAccepted).toBeGreaterThanOrEqual(1);
    expect(figures.maxAccepted).toBeLessThanOrEqual(10);
    const a = figures.answers;
    expect((a['200 answer'] ?? 0) + (a['200 QR_FAIL'] ?? 0)).toBe(ROUNDS * 10);
    // The 10 that do not fit, the gift link and the QR after the payment.
    expect(a['403 DEPOSIT_LIMIT_REACHED']).toBe(ROUNDS * 12);
    expect(a['200 OK']).toBe(ROUNDS);
    expect(figures.maxOverLimit).toBeLessThanOrEqual(0);
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  });

  it('20 simultaneous slip uploads at a limit edge: all credited, exactly the limit stays', async () => {
    const t = get();
    const broken: string[] = [];
    const figures = await runLimitSlipRaces(t, {
      rounds: ROUNDS,
      onBreak: (round, what) => broken.push(`round ${round}: ${what}`),
    });
    console.log(line(t.dialect, figures));
    expect(broken).toEqual([]);
    expect(figures.cleanRounds).toBe(ROUNDS);
    // 7 slips of 137 baht stay whole, the 8th in part, 12 go back in full.
    expect([figures.minAccepted, figures.maxAccepted]).toEqual([7, 7]);
    expect(figures.answers).toEqual({ '200 SUCCESS': ROUNDS * 20 });
    expect(figures.maxOverLimit).toBe(0);
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  });
});
