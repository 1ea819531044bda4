// reliability.md T3 (slips), shortened for CI: 10 rounds of 20 simultaneous uploads of one
// slip per dialect. The full 1,000 rounds:
// `npx tsx apps/server/scripts/t3-deposit-races.ts --race slip`.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { runSlipRaces, slipRacer } from './slip-races';

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
});
