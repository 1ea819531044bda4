// reliability.md T3 (slips), shortened for CI: 10 rounds of 20 simultaneous uploads of one
// slip per dialect, and 5 rounds of 20 uploads of one slip by two members whose accounts fit
// its sender (decision 0124). The full 1,000 rounds:
// `npx tsx apps/server/scripts/t3-deposit-races.ts --race slip` (and `--race slipShared`).
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { runSharedSlipRaces, runSlipRaces, slipRacer } from './slip-races';

forEachDialect('T3 slip races', (get) => {
  it('exactly one credit per round of 20 uploads of one slip, ledger clean', async () => {
    const t = get();
    const figures = await runSlipRaces(t, await slipRacer(t), { rounds: 10 });
    console.log(
      `T3 slips [${t.dialect}] rounds=${figures.rounds} requests=${figures.requests} ` +
        `clean=${figures.cleanRounds} credits=${figures.minCredits}..${figures.maxCredits} ` +
        `answers=${JSON.stringify(figures.answers)} ms=${figures.ms}`,
    );
    expect(figures.cleanRounds).toBe(10);
    expect([figures.minCredits, figures.maxCredits]).toEqual([1, 1]);
    expect(figures.answers).toEqual({ '200 SUCCESS': 10, '200 SLIP_REFNO_DUPLICATED': 190 });
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  }, 120_000);

  it('no credit from 20 uploads of one slip by its owner and a thief whose account shows the same digits; exactly one when an operator approves them all at once', async () => {
    const t = get();
    const figures = await runSharedSlipRaces(t, { rounds: 5 });
    console.log(
      `T3 shared slips [${t.dialect}] rounds=${figures.rounds} requests=${figures.requests} ` +
        `clean=${figures.cleanRounds} beforeReview<=${figures.maxCreditsBeforeReview} ` +
        `credits=${figures.minCredits}..${figures.maxCredits} ` +
        `answers=${JSON.stringify(figures.answers)} ms=${figures.ms}`,
    );
    expect(figures.cleanRounds).toBe(5);
    expect(figures.maxCreditsBeforeReview).toBe(0);
    expect([figures.minCredits, figures.maxCredits]).toEqual([1, 1]);
    expect(figures.answers).toEqual({
      'upload 200 PROCESSING': 100,
      'approve 200 success': 5,
      'approve 200 failed SLIP_REFNO_DUPLICATED': 95,
    });
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  }, 120_000);
});
