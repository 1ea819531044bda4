// reliability.md T3 (promotions, issue 12), shortened for CI: per dialect, 3 rounds of each
// race of test/reliability/promotion-races.ts (20 claims of one coupon, of one invite bonus,
// of one refund then 20 addWallets, of one promotion code by one member, 20 activations of
// one bonus, 50 spins with one coin). The full 1,000 rounds:
// `npx tsx apps/server/scripts/t3-promotion-races.ts`.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { promotionRaces, RACERS } from './promotion-races';
import type { PromotionRaceFigures, PromotionRaceName } from './promotion-races';

const ROUNDS = 3;

const line = (dialect: string, f: PromotionRaceFigures) =>
  `T3 ${f.race} [${dialect}] rounds=${f.rounds} requests=${f.requests} clean=${f.cleanRounds} ` +
  `winners=${f.minWinners}..${f.maxWinners} negative=${f.negativeBalances} ` +
  `answers=${JSON.stringify(f.answers)} ms=${f.ms}`;

/**
 * What the winners and the losers hear (the rule book's codes), by race, per round. A loser of
 * the invite and refund races finds the reward paid, or (decision 0112: one grant at a time)
 * the winner's grant open, whichever it read first.
 */
const expected: Record<
  PromotionRaceName,
  { win: [string, number]; lose: string[]; losers: number }
> = {
  coupon: { win: ['200 SUCCESS', 1], lose: ['409 NO_CLAIMABLE_COUPON'], losers: 19 },
  inviteClaim: {
    win: ['200 INVITE_BONUS_SUCCESS', 1],
    lose: ['400 NO_INVITE_BONUS', '409 BONUS_REMAINING'],
    losers: 19,
  },
  refundReceive: {
    win: ['200 REFUND_SUCCESS', 2],
    lose: ['400 NO_REFUND', '400 REFUND_CONDITION'],
    losers: 38,
  },
  promotionCode: { win: ['200 SUCCESS', 1], lose: ['409 BONUS_ALREADY_ACTIVE'], losers: 19 },
  bonusActivation: { win: ['200 answer', 1], lose: ['409 BONUS_ALREADY_ACTIVE'], losers: 19 },
  spin: { win: ['200 answer', 1], lose: ['409 NO_DATA'], losers: 49 },
};

// The refund race moves the clock a week per round: it runs last.
const order: PromotionRaceName[] = [
  'coupon',
  'inviteClaim',
  'promotionCode',
  'bonusActivation',
  'spin',
  'refundReceive',
];

forEachDialect('T3 promotion races', (get) => {
  for (const name of order) {
    it(`${name}: ${RACERS[name]} simultaneous requests have exactly one winner per round`, async () => {
      const t = get();
      const figures = await promotionRaces[name](t, { rounds: ROUNDS });
      console.log(line(t.dialect, figures));
      expect(figures.cleanRounds).toBe(ROUNDS);
      expect([figures.minWinners, figures.maxWinners]).toEqual([1, 1]);
      const { win, lose, losers } = expected[name];
      const { [win[0]]: winners = 0, ...rest } = figures.answers;
      expect(winners).toBe(win[1] * ROUNDS);
      expect(Object.keys(rest).filter((label) => !lose.includes(label))).toEqual([]);
      expect(Object.values(rest).reduce((sum, n) => sum + n, 0)).toBe(losers * ROUNDS);
      expect(figures.negativeBalances).toBe(0);
      expect(figures.ledgerViolations).toEqual([]);
    });
  }
});
