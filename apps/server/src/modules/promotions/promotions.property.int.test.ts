// A fast-check property over the bonus state machine (issue 12, decision 0071): random
// sequences of deposits, bonus activations, transfers, bets (memory provider), clears and
// withdrawals never create or lose a satang, and a member never has two open bonus grants.
// Checked after every sequence: the ledger check; the member's game balance equals what the
// ledger says was sent to the provider plus the reported wins minus bets; at most one open
// bonus or promotion grant.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createBonus, deposit, get } from '../../../test/bonus-support';
import { activate, newMember, transfer } from '../../../test/game-support';
import { forEachDialect } from '../../../test/helpers';
import { newKey, withdraw } from '../../../test/reliability/money-helpers';
import { accounts, balanceOf, ledgerCheck } from '../ledger';

type Step =
  | { op: 'deposit'; baht: number }
  | { op: 'activate'; which: number }
  | { op: 'in'; baht: number }
  | { op: 'out' }
  | { op: 'bet'; baht: number; winPercent: number }
  | { op: 'clear' }
  | { op: 'withdraw'; baht: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), baht: fc.integer({ min: 1, max: 2000 }) }),
  fc.record({ op: fc.constant('activate' as const), which: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ op: fc.constant('in' as const), baht: fc.integer({ min: 1, max: 1500 }) }),
  fc.record({ op: fc.constant('out' as const) }),
  fc.record({
    op: fc.constant('bet' as const),
    baht: fc.integer({ min: 1, max: 500 }),
    winPercent: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({ op: fc.constant('clear' as const) }),
  fc.record({ op: fc.constant('withdraw' as const), baht: fc.integer({ min: 100, max: 3000 }) }),
);

forEachDialect('bonus state machine (fast-check)', (get_) => {
  it('no sequence creates or loses a satang; at most one open bonus grant', async () => {
    const t = get_();
    const codes = [
      await createBonus(t, { maxReceived: 100, percentFail: 50, turnoverMultiple: 1 }),
      await createBonus(t, {
        maxReceived: 100,
        credit: { kind: 'fixed', amount: 50 },
        minDeposit: 0,
        percentFail: 100,
      }),
    ];
    const provider = accounts.provider('PG').code;
    /** Sum of the balances of accounts of these kinds (of this member when given). */
    const sumOf = async (
      kinds: ('world' | 'house' | 'member_cash' | 'member_hold')[],
      memberId?: number,
    ) => {
      let query = t.db
        .selectFrom('ledger_accounts')
        .select((eb) => eb.fn.sum<number>('balance').as('total'))
        .where('kind', 'in', kinds);
      if (memberId !== undefined) query = query.where('member_id', '=', memberId);
      return Number((await query.executeTakeFirstOrThrow()).total ?? 0);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const m = await newMember(t);
        const pg = await activate(t, m, 'PG');
        const providerBefore = await balanceOf(t.db, provider);
        const outsideBefore = await sumOf(['world', 'house']);
        let netPlay = 0;
        for (const step of steps) {
          const res =
            step.op === 'deposit'
              ? await deposit(t, m, step.baht * 100)
              : step.op === 'activate'
                ? await get(t, m, `/api/bonus/activate/${codes[step.which]}`)
                : step.op === 'in'
                  ? await transfer(t, m, { from: 'WALLET', to: 'PG', amount: step.baht })
                  : step.op === 'out'
                    ? await (async () => {
                        const balance = t.games.account('PG', pg)!.balance;
                        return balance >= 100
                          ? transfer(t, m, { from: 'PG', to: 'WALLET', amount: balance / 100 })
                          : undefined;
                      })()
                    : step.op === 'bet'
                      ? (() => {
                          const bet = step.baht * 100;
                          if (t.games.account('PG', pg)!.balance < bet) return undefined;
                          const win = Math.floor((bet * step.winPercent) / 100);
                          t.games.bet('PG', pg, bet, win, t.clock.now());
                          netPlay += win - bet;
                          return undefined;
                        })()
                      : step.op === 'clear'
                        ? await get(t, m, '/api/bonus/clear')
                        : await withdraw(t, m.token, step.baht, newKey(), '/api/wallet/withdraw');
          if (res) expect(res.statusCode, `${JSON.stringify(step)} ${res.body}`).toBeLessThan(500);
        }
        const sent = (await balanceOf(t.db, provider)) - providerBefore;
        const game = t.games.account('PG', pg)!.balance;
        expect(game).toBe(sent + netPlay);
        // What the member holds (wallet, holds, game) came from the bank and the house, plus play.
        const outside = (await sumOf(['world', 'house'])) - outsideBefore;
        expect((await sumOf(['member_cash', 'member_hold'], m.memberId)) + game).toBe(
          -outside + netPlay,
        );
        const open = await t.db
          .selectFrom('promotion_grants')
          .select('id')
          .where('member_id', '=', m.memberId)
          .where('status', '=', 'open')
          .where('kind', 'in', ['bonus', 'promotion'])
          .execute();
        expect(open.length).toBeLessThanOrEqual(1);
        expect((await ledgerCheck(t.db)).violations).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
