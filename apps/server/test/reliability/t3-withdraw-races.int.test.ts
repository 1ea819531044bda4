// reliability.md T3 (withdrawals), shortened for CI: 20 rounds of 50 simultaneous
// full-balance withdrawals per dialect. The full 1,000 rounds:
// `npx tsx apps/server/scripts/t3-withdraw-races.ts`.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { balances, newMember } from './money-helpers';
import { runWithdrawRaces } from './withdraw-races';

forEachDialect('T3 withdraw races', (get) => {
  it('exactly one winner per round of 50, no negative balance, ledger clean', async () => {
    const t = get();
    const member = await newMember(t);
    const figures = await runWithdrawRaces(t, member, { rounds: 20 });
    console.log(
      `T3 [${t.dialect}] rounds=${figures.rounds} requests=${figures.requests} ` +
        `clean=${figures.cleanRounds} winners=${figures.minWinners}..${figures.maxWinners} ` +
        `negative=${figures.negativeBalances} answers=${JSON.stringify(figures.answers)} ms=${figures.ms}`,
    );
    expect(figures.cleanRounds).toBe(20);
    expect([figures.minWinners, figures.maxWinners]).toEqual([1, 1]);
    expect(figures.negativeBalances).toBe(0);
    expect(figures.answers['400 MONEY_NOT_ENOUGH']).toBe(20 * 49);
    expect(await balances(t.db, member.id)).toEqual({ cash: 0, hold: 0 });
    expect(figures.ledgerViolations).toEqual([]);
  });
});
