// reliability.md T3 (promotions, issue 12), shortened for CI: per dialect, 3 rounds of each
// race of test/reliability/promotion-races.ts (20 claims of one coupon, of one invite bonus,
// of one refund then 20 addWallets, of one promotion code by one member, 20 activations of
// one bonus, 50 spins with one coin). The full 1,000 rounds:
// `npx tsx apps/server/scripts/t3-promotion-races.ts`.
import { expect, it } from 'vitest';
import { ledgerCheck } from '../../src/modules/ledger';
import { createBonus, createPromotion, deposit, riggedWheel } from '../bonus-support';
import { newKey, newMember } from '../game-support';
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

// Decision 0112: one grant at a time, whatever opens it. Each round a member holds a qualifying
// deposit, a promotion code and a coupon, and fires 10 bonus activations, 10 code activations
// and 10 coupon claims at once: exactly one grant opens, and only its credit is paid.
forEachDialect('T3 one grant at a time', (get) => {
  it('30 simultaneous claims of three kinds open exactly one grant per round', async () => {
    const t = get();
    const bonus = await createBonus(t, { maxReceived: 100 });
    const code = await createPromotion(t, bonus, { maxUsesPerMember: 100 });
    await riggedWheel(t, 'ONE7', 7);
    const kinds: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(t);
      expect((await deposit(t, m, 20_000)).statusCode).toBe(200); // 2 coins, a 200-baht bonus
      await t.call('POST', '/api/spinwheel/spin', {
        token: m.token,
        headers: { 'idempotency-key': newKey() },
      });
      const [coupon] = (await t.call('GET', '/api/spinwheel/coupon', { token: m.token })).json<
        { _id: string }[]
      >();
      const calls = [
        ...Array.from({ length: 10 }, () =>
          t.call('GET', `/api/bonus/activate/${bonus}`, { token: m.token }),
        ),
        ...Array.from({ length: 10 }, () =>
          t.call('GET', `/api/promotion/activate/${code}`, { token: m.token }),
        ),
        ...Array.from({ length: 10 }, () =>
          // Each its own request (identical keyless money calls share one answer: 0053).
          t.call('POST', '/api/spinwheel/coupon/claim', {
            token: m.token,
            headers: { 'idempotency-key': newKey() },
            body: { coupon: coupon!._id },
          }),
        ),
      ];
      const answers = await Promise.all(calls);
      expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const open = await t.db
        .selectFrom('promotion_grants')
        .select(['kind', 'credited'])
        .where('member_id', '=', m.memberId)
        .where('status', '=', 'open')
        .execute();
      expect(open).toHaveLength(1);
      kinds[open[0]!.kind] = (kinds[open[0]!.kind] ?? 0) + 1;
      const cash = await t.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', `member:${m.memberId}:cash`)
        .executeTakeFirstOrThrow();
      expect(Number(cash.balance)).toBe(20_000 + Number(open[0]!.credited));
    }
    console.log(
      `T3 one grant [${t.dialect}] rounds=${ROUNDS} winners by kind ${JSON.stringify(kinds)}`,
    );
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
