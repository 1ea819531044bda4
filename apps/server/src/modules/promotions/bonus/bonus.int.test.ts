// Bonuses, promotion codes, turnover, clear, the deposit gate and the withdrawal rule
// (decision 0071) on SQLite and PostgreSQL. Every test ends with the ledger check.
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  createBonus,
  createPromotion,
  deposit,
  get,
  operatorCall,
  bonusBody,
} from '../../../../test/bonus-support';
import { createQr } from '../../../../test/deposit-support';
import type { Member } from '../../../../test/game-support';
import { activate, newMember, statementOf, transfer } from '../../../../test/game-support';
import { forEachDialect } from '../../../../test/helpers';
import type { TestApp } from '../../../../test/helpers';
import { newKey, withdraw } from '../../../../test/reliability/money-helpers';
import { qrImage, upload } from '../../../../test/slip-support';
import { MINUTE_MS } from '../../../lib/clock';
import { accounts, balanceOf, ledgerCheck } from '../../ledger';

const wallet = (t: TestApp, m: Member) => balanceOf(t.db, accounts.memberCash(m.memberId).code);
const house = (t: TestApp) => balanceOf(t.db, accounts.house('promotions').code);
const grants = (t: TestApp, m: Member) =>
  t.db
    .selectFrom('promotion_grants')
    .selectAll()
    .where('member_id', '=', m.memberId)
    .orderBy('id')
    .execute();

/** A member with a credited deposit of `baht` and the rate bonus 100% up to 500 active. */
async function memberWithBonus(t: TestApp, baht = 1000, extra = {}) {
  const code = await createBonus(t, extra);
  const m = await newMember(t);
  expect((await deposit(t, m, baht * 100)).statusCode).toBe(200);
  const res = await get(t, m, `/api/bonus/activate/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return { m, code };
}

forEachDialect('bonuses and promotion codes', (get_) => {
  afterEach(async () => {
    expect((await ledgerCheck(get_().db)).violations).toEqual([]);
  });

  describe('activation', () => {
    it('credits a rate bonus on the qualifying deposit, opens the grant and lists it', async () => {
      const t = get_();
      const before = await house(t);
      const { m, code } = await memberWithBonus(t, 1000);
      expect(await wallet(t, m)).toBe(150_000);
      expect(await house(t)).toBe(before - 50_000);
      const [grant] = await grants(t, m);
      expect(grant).toMatchObject({
        kind: 'bonus',
        source_code: code,
        credited: 50_000,
        base: 150_000,
        required: 300_000,
        status: 'open',
      });
      const tx = await t.db
        .selectFrom('ledger_transactions')
        .select('idempotency_key')
        .where('id', '=', grant!.ledger_tx_id!)
        .executeTakeFirstOrThrow();
      expect(tx.idempotency_key).toBe(`bonus-grant:${grant!.id}`);
      expect(answer(await get(t, m, '/api/bonus/check/active'))).toEqual([
        200,
        { status: true, type: 'bonus' },
      ]);
      const list = (await get(t, m, '/api/bonus')).json<
        { code: string; userBonus: { isActive: boolean; received: unknown[] } | null }[]
      >();
      const item = list.find((b) => b.code === code)!;
      expect(item.userBonus).toMatchObject({ isActive: true, received: [expect.any(Object)] });
      expect(item).toMatchObject({
        name: `name ${code} th`,
        terms: { credit: { kind: 'rate', percent: 100, cap: 500 }, turnoverMultiple: 2 },
      });
      const rows = await statementOf(t, m);
      expect(rows[0]).toMatchObject({ statementType: 'bonus', from: 'BONUS', amount: 500 });
    });

    it('refuses by the rule book: NO_DATA, BONUS_CONDITION, BONUS_ALREADY_ACTIVE, BONUS_MAX_CLAIMED', async () => {
      const t = get_();
      const code = await createBonus(t, { maxReceived: 1, percentFail: 100 });
      const off = await createBonus(t, { enabled: false });
      const m = await newMember(t);
      const act = (c: string) => get(t, m, `/api/bonus/activate/${c}`);
      expect(answer(await act('NOPE'))).toEqual([404, { message: 'NO_DATA' }]);
      expect(answer(await act(off))).toEqual([404, { message: 'NO_DATA' }]);
      // No deposit; one below the minimum; one too old; one played before the bonus.
      expect(answer(await act(code))).toEqual([400, { message: 'BONUS_CONDITION' }]);
      await deposit(t, m, 9_999);
      expect(answer(await act(code))).toEqual([400, { message: 'BONUS_CONDITION' }]);
      await deposit(t, m, 20_000);
      t.clock.advance(61 * MINUTE_MS);
      expect(answer(await act(code))).toEqual([400, { message: 'BONUS_CONDITION' }]);
      await deposit(t, m, 20_000);
      await activate(t, m, 'PG');
      expect((await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1 })).statusCode).toBe(200);
      expect(answer(await act(code))).toEqual([400, { message: 'BONUS_CONDITION' }]);
      // Decision 0112: a deposit withdrawn since does not qualify either.
      await deposit(t, m, 20_000);
      expect((await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).statusCode).toBe(
        200,
      );
      expect(answer(await act(code))).toEqual([400, { message: 'BONUS_CONDITION' }]);
      await deposit(t, m, 20_000);
      const activated = await act(code);
      expect(activated.statusCode, activated.body).toBe(200);
      expect(answer(await act(code))).toEqual([409, { message: 'BONUS_ALREADY_ACTIVE' }]);
      // Ended (by a withdrawal that confirms the rest it forfeits), the limit of one is reached.
      const refused = await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw');
      expect(refused.statusCode).toBe(409);
      const { forfeit } = refused.json<{ forfeit: number }>();
      expect(
        (await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw', forfeit)).statusCode,
      ).toBe(200);
      expect(answer(await act(code))).toEqual([409, { message: 'BONUS_MAX_CLAIMED' }]);
    });
  });

  describe('deposit gate', () => {
    type Table = 'qr_deposits' | 'gift_redemptions' | 'slips';
    const paths: [string, Table, (t: TestApp, m: Member) => ReturnType<typeof deposit>][] = [
      ['QR create', 'qr_deposits', (t, m) => createQr(t, m.token, 'KBANK', 100)],
      ['gift-link send', 'gift_redemptions', (t, m) => deposit(t, m, 10_000)],
      ['slip upload', 'slips', (t, m) => upload(t, m.token, qrImage('slip'))],
    ];
    it.each(paths)(
      'refuses a %s with BONUS_REMAINING before storing anything',
      async (_, table, call) => {
        const t = get_();
        const { m } = await memberWithBonus(t, 500);
        const count = async () =>
          Number(
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('member_id', '=', m.memberId)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        expect(answer(await call(t, m))).toEqual([409, { message: 'BONUS_REMAINING' }]);
        expect(await count()).toBe(before);
      },
    );
  });

  describe('turnover', () => {
    it('counts weighted bets per provider, ends a met grant with a finish_bonus row of 0', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 1000);
      const pg = await activate(t, m, 'PG');
      const ufa = await activate(t, m, 'UFABET');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1000 });
      await transfer(t, m, { from: 'WALLET', to: 'UFABET', amount: 500 });
      t.games.bet('PG', pg, 100_000, 50_000, t.clock.now());
      t.games.bet('UFABET', ufa, 40_000, 0, t.clock.now());
      const res = await get(t, m, '/api/bonus/turnover');
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        grants: {
          played: number;
          percent: number;
          providers: { code: string; played: number }[];
        }[];
        forfeitOnWithdraw: number;
      }>();
      // Decision 0112: 600 held of the 1,000 the member brought; losses came off the bonus
      // first, so nothing held is promotion money and nothing would be taken back.
      expect(body.forfeitOnWithdraw).toBe(0);
      expect(body.grants[0]).toMatchObject({ own: 600, locked: 0, endsOnWithdraw: true });
      expect(body.grants[0]).toMatchObject({ required: 3000, played: 1200, percent: 40 });
      expect(body.grants[0]!.providers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'PG', played: 1000, weight: 100 }),
          expect.objectContaining({ code: 'UFABET', played: 200, weight: 50 }),
        ]),
      );
      // A provider that does not answer: the page still answers, the grant stays open.
      t.games.down.add('PG');
      const partial = await get(t, m, '/api/bonus/turnover');
      expect(partial.statusCode).toBe(200);
      expect(partial.json<{ grants: { played: number }[] }>().grants[0]!.played).toBe(200);
      t.games.down.delete('PG');
      for (let i = 0; i < 4; i++) t.games.bet('PG', pg, 50_000, 50_000, t.clock.now());
      const met = await get(t, m, '/api/bonus/turnover');
      expect(met.json()).toEqual({ grants: [], forfeitOnWithdraw: 0, withdrawable: 0, wallet: 0 });
      expect((await grants(t, m))[0]!.status).toBe('met');
      const rows = await statementOf(t, m);
      expect(rows.find((r) => r.statementType === 'finish_bonus')).toMatchObject({ amount: 0 });
      // Met: deposits are open again.
      expect((await deposit(t, m, 10_000)).statusCode).toBe(200);
    });

    it('never answers a met grant as open at 100% when another read ended it first (issue 26)', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 1000);
      const pg = await activate(t, m, 'PG');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1500 });
      for (let i = 0; i < 4; i++) t.games.bet('PG', pg, 100_000, 100_000, t.clock.now());
      // The bonus page reads the list, the active check and the turnover at once: each reads
      // the turnover. Here another read ends the met grant while this one is reading.
      const [grant] = await grants(t, m);
      const betReport = t.games.betReport.bind(t.games);
      t.games.betReport = async (...args) => {
        const report = await betReport(...args);
        await t.db
          .updateTable('promotion_grants')
          .set({ status: 'met', ended_at: t.clock.now().toISOString() })
          .where('id', '=', grant!.id)
          .execute();
        return report;
      };
      try {
        const res = await get(t, m, '/api/bonus/turnover');
        expect(res.statusCode).toBe(200);
        // Before: the grant came back open at 100% beside 'a withdrawal now ends it'.
        expect(res.json<{ grants: unknown[] }>().grants).toEqual([]);
        expect((await get(t, m, '/api/bonus/check/active')).json()).toEqual({
          status: false,
          type: null,
        });
      } finally {
        t.games.betReport = betReport;
      }
    });

    it('a refund call reads the turnover first (as deposits and coupon claims do): a met bonus no longer blocks it', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 1000);
      const pg = await activate(t, m, 'PG');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1000 });
      expect(answer(await get(t, m, '/api/refund/addWallet'))).toEqual([
        400,
        { message: 'REFUND_CONDITION' },
      ]);
      // The required turnover is played at the provider; nothing has read it yet.
      const required = (await grants(t, m))[0]!.required;
      for (let played = 0; played < required; played += 50_000)
        t.games.bet('PG', pg, 50_000, 50_000, t.clock.now());
      expect((await grants(t, m))[0]!.status).toBe('open');
      // The refund call ends the met bonus first, then answers for the refund itself.
      expect(answer(await get(t, m, '/api/refund/addWallet'))).toEqual([
        400,
        { message: 'NO_REFUND' },
      ]);
      expect((await grants(t, m))[0]!.status).toBe('met');
    });
  });

  describe('clear', () => {
    it('answers BONUS_CONDITION above percentFail of the base, then clears below it', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 1000, { percentFail: 10 });
      expect(answer(await get(t, m, '/api/bonus/check/minimum'))).toEqual([200, { status: false }]);
      expect(answer(await get(t, m, '/api/bonus/clear'))).toEqual([
        400,
        { message: 'BONUS_CONDITION' },
      ]);
      const pg = await activate(t, m, 'PG');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1500 });
      t.games.bet('PG', pg, 145_000, 0, t.clock.now()); // 50 baht left in the game: below 150
      expect(answer(await get(t, m, '/api/bonus/check/minimum'))).toEqual([200, { status: true }]);
      // A game balance that does not come back: TRANSFER_FAIL, the grant stays.
      t.games.down.add('PG');
      expect(answer(await get(t, m, '/api/bonus/clear'))).toEqual([
        400,
        { message: 'TRANSFER_FAIL' },
      ]);
      t.games.down.delete('PG');
      expect((await grants(t, m))[0]!.status).toBe('open');
      const before = await house(t);
      expect(answer(await get(t, m, '/api/bonus/clear'))).toEqual([
        200,
        { message: 'BONUS_CLEAR' },
      ]);
      // Decision 0112: the 50 baht left are the member's own (1,000 brought, losses came off
      // the bonus first): they come home and stay; nothing goes back to the house.
      expect(await wallet(t, m)).toBe(5_000);
      expect(t.games.account('PG', pg)!.balance).toBe(0);
      expect(await house(t)).toBe(before);
      expect((await grants(t, m))[0]!.status).toBe('cleared');
      // Spec section 3: the row names the bonus it ends, in the reader's language (issue 25 §5).
      const inLanguage = async (language: string) =>
        (
          await t.call('POST', '/api/statement', {
            token: m.token,
            body: { page: 1, limit: 100 },
            headers: { 'accept-language': language },
          })
        )
          .json<{ statements: { statementType: string; amount: number }[] }>()
          .statements.find((r) => r.statementType === 'finish_bonus');
      const code = (await grants(t, m))[0]!.source_code;
      expect(await inLanguage('en')).toMatchObject({
        amount: 0,
        bonus: { description: `name ${code} en` },
      });
      expect(await inLanguage('la')).toMatchObject({ bonus: { description: `name ${code} la` } });
      expect(await inLanguage('th')).toMatchObject({ bonus: { description: `name ${code} th` } });
      expect(answer(await get(t, m, '/api/bonus/check/active'))).toEqual([
        200,
        { status: false, type: null },
      ]);
      expect(answer(await get(t, m, '/api/bonus/clear'))).toEqual([404, { message: 'NO_DATA' }]);
    });
  });

  describe('withdrawal', () => {
    it('takes back the bonus, pays the amount, forfeits the rest; a re-run forfeits nothing twice', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 1000);
      expect(answer(await withdraw(t, m.token, 1501, newKey(), '/api/wallet/withdraw'))).toEqual([
        400,
        { message: 'MONEY_NOT_ENOUGH' },
      ]);
      expect((await grants(t, m))[0]!.status).toBe('open');
      // Decision 0112: 500 of the 1,500 are the bonus (taken back); of the member's 1,000, 800
      // are paid and the 200 left would be forfeited: refused until that figure is confirmed.
      expect(answer(await withdraw(t, m.token, 1001, newKey(), '/api/wallet/withdraw'))).toEqual([
        409,
        { message: 'BONUS_REMAINING', withdrawable: 1000 },
      ]);
      expect(answer(await withdraw(t, m.token, 800, newKey(), '/api/wallet/withdraw'))).toEqual([
        409,
        { message: 'BONUS_REMAINING', forfeit: 200 },
      ]);
      expect(
        answer(await withdraw(t, m.token, 800, newKey(), '/api/wallet/withdraw', 199.99)),
      ).toEqual([409, { message: 'BONUS_REMAINING', forfeit: 200 }]);
      expect((await grants(t, m))[0]!.status).toBe('open');
      expect(await wallet(t, m)).toBe(150_000);
      const before = await house(t);
      const key = newKey();
      const first = await withdraw(t, m.token, 800, key, '/api/wallet/withdraw', 200);
      expect(first.statusCode, first.body).toBe(200);
      expect(await wallet(t, m)).toBe(0);
      expect(await house(t)).toBe(before + 50_000 + 20_000);
      expect((await grants(t, m))[0]!.status).toBe('forfeited');
      const again = await withdraw(t, m.token, 800, key, '/api/wallet/withdraw', 200);
      expect(again.statusCode).toBe(200);
      expect(await house(t)).toBe(before + 70_000);
      const finish = (await statementOf(t, m)).find((r) => r.statementType === 'finish_bonus');
      expect(finish).toMatchObject({ amount: 700 });
    });

    it('forfeits nothing once the turnover is met', async () => {
      const t = get_();
      const { m } = await memberWithBonus(t, 100, { turnoverMultiple: 1 });
      const pg = await activate(t, m, 'PG');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 200 });
      t.games.bet('PG', pg, 20_000, 20_000, t.clock.now());
      await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 200 });
      const before = await house(t);
      const res = await withdraw(t, m.token, 200, newKey(), '/api/wallet/withdraw');
      expect(res.statusCode, res.body).toBe(200);
      expect(await house(t)).toBe(before);
      expect((await grants(t, m))[0]!.status).toBe('met');
    });
  });

  describe('promotion codes', () => {
    it('finds, activates once per member and answers the current promotion', async () => {
      const t = get_();
      const bonus = await createBonus(t, { enabled: false, credit: { kind: 'fixed', amount: 50 } });
      const code = await createPromotion(t, bonus, { maxUsesTotal: 2 });
      const expired = await createPromotion(t, bonus, { validTo: '2021-01-01T00:00:00.000Z' });
      const m = await newMember(t);
      const found = await get(t, m, `/api/promotion/find/${code.toLowerCase()}`);
      expect(found.json()).toMatchObject({
        code,
        percentFail: 10,
        description: 'promo th',
        terms: { credit: { kind: 'fixed', amount: 50 } },
      });
      expect(answer(await get(t, m, '/api/promotion/find/UNKNOWN1'))).toEqual([200, {}]);
      expect(answer(await get(t, m, `/api/promotion/find/${expired}`))).toEqual([200, {}]);
      expect(answer(await get(t, m, `/api/promotion/activate/${expired}`))).toEqual([
        404,
        { message: 'NO_PROMOTION' },
      ]);
      // Fixed with a minimum deposit: BONUS_CONDITION without one; no use is counted.
      expect(answer(await get(t, m, `/api/promotion/activate/${code}`))).toEqual([
        400,
        { message: 'BONUS_CONDITION' },
      ]);
      await deposit(t, m, 10_000);
      expect(answer(await get(t, m, `/api/promotion/activate/${code}`))).toEqual([
        200,
        { message: 'SUCCESS' },
      ]);
      expect((await get(t, m, '/api/promotion/current')).json()).toMatchObject({ code });
      expect(answer(await get(t, m, '/api/bonus/check/active'))).toEqual([
        200,
        { status: true, type: 'promotion' },
      ]);
      expect((await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).statusCode).toBe(
        200,
      );
      expect(answer(await get(t, m, '/api/promotion/current'))).toEqual([200, null]);
      expect(answer(await get(t, m, `/api/promotion/activate/${code}`))).toEqual([
        409,
        { message: 'PROMOTION_RECEIVED' },
      ]);
      // The second and last use in total goes to another member; then the code is used up.
      const other = await newMember(t);
      await deposit(t, other, 10_000);
      expect((await get(t, other, `/api/promotion/activate/${code}`)).statusCode).toBe(200);
      const third = await newMember(t);
      expect(answer(await get(t, third, `/api/promotion/find/${code}`))).toEqual([200, {}]);
      expect(answer(await get(t, third, `/api/promotion/activate/${code}`))).toEqual([
        404,
        { message: 'NO_PROMOTION' },
      ]);
    });
  });

  describe('operator API', () => {
    it('validates, creates, updates and lists; members are refused', async () => {
      const t = get_();
      const bad = [
        { turnoverMultiple: 11 },
        { turnoverMultiple: 0 },
        { percentFail: 101 },
        { minDeposit: -1 },
        { credit: { kind: 'fixed', amount: 1.234 } },
      ];
      for (const change of bad) {
        const res = await operatorCall(t, 'POST', '/api/operator/bonuses', {
          ...bonusBody(),
          ...change,
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
      }
      const code = await createBonus(t);
      const dup = await operatorCall(t, 'POST', '/api/operator/bonuses', bonusBody({ code }));
      expect(answer(dup)).toEqual([400, { message: 'KEY_INVALID' }]);
      const { code: _c, ...rest } = bonusBody({ code, turnoverMultiple: 5 });
      const updated = await operatorCall(t, 'PUT', `/api/operator/bonuses/${code}`, rest);
      expect(updated.json()).toMatchObject({ code, turnoverMultiple: 5 });
      const list = (await operatorCall(t, 'GET', '/api/operator/bonuses')).json<
        { code: string }[]
      >();
      expect(list.map((b) => b.code)).toEqual(
        expect.arrayContaining(['WELCOME', 'DAILY', 'WEEKLY', code]),
      );
      const promos = (await operatorCall(t, 'GET', '/api/operator/promotions')).json<
        { code: string }[]
      >();
      expect(promos.map((p) => p.code)).toEqual(expect.arrayContaining(['WELCOME50', 'FLASH30']));
      const m = await newMember(t);
      expect((await get(t, m, '/api/operator/bonuses')).statusCode).toBeGreaterThanOrEqual(401);
    });
  });

  describe('T3 races', () => {
    it('20 simultaneous activations of one bonus and of one code by one member give one grant each', async () => {
      const t = get_();
      const code = await createBonus(t);
      const m = await newMember(t);
      await deposit(t, m, 10_000);
      const bonusRuns = await Promise.all(
        Array.from({ length: 20 }, () => get(t, m, `/api/bonus/activate/${code}`)),
      );
      expect(bonusRuns.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(new Set(bonusRuns.filter((r) => r.statusCode !== 200).map((r) => r.body))).toEqual(
        new Set([JSON.stringify({ message: 'BONUS_ALREADY_ACTIVE' })]),
      );
      expect(await grants(t, m)).toHaveLength(1);

      const promo = await createPromotion(t, await createBonus(t, { enabled: false }), {
        maxUsesPerMember: 5,
      });
      const p = await newMember(t);
      await deposit(t, p, 10_000);
      const promoRuns = await Promise.all(
        Array.from({ length: 20 }, () => get(t, p, `/api/promotion/activate/${promo}`)),
      );
      expect(promoRuns.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await grants(t, p)).toHaveLength(1);
      const uses = await t.db
        .selectFrom('promotion_uses')
        .selectAll()
        .where('member_id', '=', p.memberId)
        .execute();
      expect(uses).toHaveLength(1);
    });
  });
});
