// reliability.md T3 (deposits), shortened for CI: per dialect, 20 rounds of 10 simultaneous
// deliveries of one QR payment's webhook and 20 rounds of 50 simultaneous redemptions of
// one gift link. The full 1,000 rounds: `npx tsx apps/server/scripts/t3-deposit-races.ts`.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { phoneOf, runGiftLinkRaces, runWebhookRaces } from './deposit-races';
import type { DepositRaceFigures } from './deposit-races';
import { balances, newMember } from './money-helpers';

const ROUNDS = 20;

const line = (dialect: string, f: DepositRaceFigures) =>
  `T3 ${f.race} [${dialect}] rounds=${f.rounds} requests=${f.requests} clean=${f.cleanRounds} ` +
  `credits=${f.minCredits}..${f.maxCredits} negative=${f.negativeBalances} ` +
  `answers=${JSON.stringify(f.answers)} ms=${f.ms}`;

forEachDialect('T3 deposit races', (get) => {
  it('10 simultaneous webhook deliveries of one QR payment credit exactly once', async () => {
    const t = get();
    const member = await newMember(t);
    const figures = await runWebhookRaces(t, member, { rounds: ROUNDS });
    console.log(line(t.dialect, figures));
    expect(figures.cleanRounds).toBe(ROUNDS);
    expect([figures.minCredits, figures.maxCredits]).toEqual([1, 1]);
    // Every delivery is acknowledged (credited or a duplicate), so the gateway stops.
    expect(figures.answers).toEqual({ '200 OK': ROUNDS * 10 });
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  });

  it('50 simultaneous redemptions of one gift link credit exactly once', async () => {
    const t = get();
    const m = await newMember(t);
    const member = { ...m, phone: await phoneOf(t.db, m.id) };
    const figures = await runGiftLinkRaces(t, member, { rounds: ROUNDS });
    console.log(line(t.dialect, figures));
    expect(figures.cleanRounds).toBe(ROUNDS);
    expect([figures.minCredits, figures.maxCredits]).toEqual([1, 1]);
    expect(figures.answers).toEqual({
      '200 SUCCESS': ROUNDS,
      '409 TRUELINK_DUPLICATE': ROUNDS * 49,
    });
    let expected = 0;
    for (let round = 0; round < ROUNDS; round++) expected += 200 + (round % 100) * 37;
    expect(await balances(t.db, m.id)).toEqual({ cash: expected, hold: 0 });
    expect(figures.negativeBalances).toBe(0);
    expect(figures.ledgerViolations).toEqual([]);
  });
});
