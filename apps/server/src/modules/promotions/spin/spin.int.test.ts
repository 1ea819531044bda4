// The spin wheel (decisions 0071, 0082) on SQLite and PostgreSQL: coins from deposits,
// setup and active, every code of spin and claim, the Idempotency-Key re-run, the T3 races
// (50 spins with one coin, 20 claims of one coupon), the operator API, and the ledger check.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { operatorCall, riggedWheel, sliceBody } from '../../../../test/bonus-support';
import { encryptGiftLink, redeemLink } from '../../../../test/deposit-support';
import { phoneOf } from '../../../../test/reliability/deposit-races';
import type { TestApp } from '../../../../test/helpers';
import { forEachDialect } from '../../../../test/helpers';
import { balances, newMember } from '../../../../test/reliability/money-helpers';
import type { Member } from '../../../../test/reliability/money-helpers';
import { withTransaction } from '../../../db/transaction';
import { HOUR_MS } from '../../../lib/clock';
import { ledgerCheck } from '../../ledger';
import { creditGrant, DEFAULT_WEIGHTS } from '../promotions.grants';
import { DEMO_SLICES, DEMO_WHEEL_NAME } from './spin.seed';
import { spin as spinService } from './spin.service';

const key = () => `spin-${randomUUID()}`;
const localized = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });

async function setCoins(t: TestApp, memberId: number, coin: number) {
  await t.db.updateTable('members').set({ coin }).where('id', '=', memberId).execute();
}
async function coinsOf(t: TestApp, memberId: number) {
  return (
    await t.db
      .selectFrom('members')
      .select('coin')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).coin;
}
const spin = (t: TestApp, m: Member, k = key(), lang = 'en') =>
  t.call('POST', '/api/spinwheel/spin', {
    token: m.token,
    headers: { 'idempotency-key': k, 'accept-language': lang },
  });
const claim = (t: TestApp, m: Member, coupon: string) =>
  t.call('POST', '/api/spinwheel/coupon/claim', {
    token: m.token,
    headers: { 'idempotency-key': key() },
    body: { coupon },
  });
const couponsOf = async (t: TestApp, m: Member) =>
  (
    await t.call('GET', '/api/spinwheel/coupon', {
      token: m.token,
      headers: { 'accept-language': 'en' },
    })
  ).json<
    {
      _id: string;
      amount: number;
      prize: { name: string; slice: { code: string; label: string } };
    }[]
  >();

forEachDialect('spin wheel', (get) => {
  describe('coins and setup', () => {
    it('seeds one active demo wheel with 8 slices in th, la and en', async () => {
      const t = get();
      const m = await newMember(t);
      const th = await t.call('GET', '/api/spinwheel/setup', { token: m.token });
      expect(th.statusCode).toBe(200);
      const setup = th.json<{
        activeSpinwheel: { name: string; slices: { code: string }[] };
        userCoin: number;
      }>();
      expect(setup.activeSpinwheel.name).toBe(DEMO_WHEEL_NAME.th);
      expect(setup.activeSpinwheel.slices.map((s) => s.code)).toEqual(
        DEMO_SLICES.map((s) => s.code),
      );
      expect(setup.userCoin).toBe(0);
      const la = await t.call('GET', '/api/spinwheel/setup', {
        token: m.token,
        headers: { 'accept-language': 'lo' },
      });
      expect(
        la.json<{ activeSpinwheel: { name: string; slices: { label: string }[] } }>()
          .activeSpinwheel,
      ).toMatchObject({
        name: DEMO_WHEEL_NAME.la,
        slices: expect.arrayContaining([expect.objectContaining({ label: '10 ບາດ' })]),
      });
      expect((await t.call('GET', '/api/spinwheel/active', { token: m.token })).json()).toEqual({
        active: true,
      });
      const demo = await t.db
        .selectFrom('members')
        .select('coin')
        .where('member_no', '=', '10001')
        .executeTakeFirst();
      expect(demo?.coin).toBe(5);
    });

    it('awards floor(deposit / 100 baht) coins with each credited deposit, shown as profile.coin', async () => {
      const t = get();
      const m = await newMember(t);
      const phone = await phoneOf(t.db, m.id);
      const first = t.gifts.issue(phone, 25_050); // 250.50 baht: 2 coins
      expect((await redeemLink(t, m.token, encryptGiftLink(first.link))).statusCode).toBe(200);
      expect(await coinsOf(t, m.id)).toBe(2);
      const second = t.gifts.issue(phone, 9_999); // 99.99 baht: none
      expect((await redeemLink(t, m.token, encryptGiftLink(second.link))).statusCode).toBe(200);
      expect(await coinsOf(t, m.id)).toBe(2);
      const wallet = await t.call('GET', '/api/wallet', { token: m.token });
      expect(wallet.json<{ profile: { coin: number } }>().profile.coin).toBe(2);
      // The setting moves the rate (operator API).
      const set = await operatorCall(t, 'PUT', '/api/operator/spin/settings', {
        coinPer: 50,
        couponHours: 72,
      });
      expect(set.json()).toEqual({
        coinPer: 50,
        couponHours: 72,
        maxCoinsPerDay: 10,
        turnoverPercent: 100,
        failPercent: 0,
      });
      const third = t.gifts.issue(phone, 10_000);
      expect((await redeemLink(t, m.token, encryptGiftLink(third.link))).statusCode).toBe(200);
      expect(await coinsOf(t, m.id)).toBe(4);
      await operatorCall(t, 'PUT', '/api/operator/spin/settings', {
        coinPer: 100,
        couponHours: 72,
      });
      // Gift links, QR and slips credit through one path; an operator adjustment is not a deposit.
      await t.fund(m.memberNo, 500);
      expect(await coinsOf(t, m.id)).toBe(4);
    });

    it('earns at most maxCoinsPerDay coins per Bangkok day, however many deposits (decision 0112)', async () => {
      const t = get();
      const m = await newMember(t);
      const phone = await phoneOf(t.db, m.id);
      const redeem = async (satang: number) =>
        expect(
          (await redeemLink(t, m.token, encryptGiftLink(t.gifts.issue(phone, satang).link)))
            .statusCode,
        ).toBe(200);
      // Before 0112 nothing limited this: 6 deposits of 300 baht made 18 coins in a day.
      for (let i = 0; i < 6; i++) await redeem(30_000);
      expect(await coinsOf(t, m.id)).toBe(10);
      const set = await operatorCall(t, 'PUT', '/api/operator/spin/settings', {
        coinPer: 100,
        couponHours: 72,
        maxCoinsPerDay: 12,
      });
      expect(set.json()).toMatchObject({ maxCoinsPerDay: 12, turnoverPercent: 100 });
      await redeem(50_000);
      expect(await coinsOf(t, m.id)).toBe(12);
      // The next Bangkok day starts a new count.
      t.clock.advance(24 * 3_600_000);
      await redeem(50_000);
      expect(await coinsOf(t, m.id)).toBe(17);
      await operatorCall(t, 'PUT', '/api/operator/spin/settings', {
        coinPer: 100,
        couponHours: 72,
        maxCoinsPerDay: 10,
      });
    });
  });

  describe('POST /api/spinwheel/spin', () => {
    it('answers NO_DATA with no coin and takes nothing', async () => {
      const t = get();
      const m = await newMember(t);
      const res = await spin(t, m);
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'NO_DATA' }]);
      expect(
        await t.db.selectFrom('spins').selectAll().where('member_id', '=', m.id).execute(),
      ).toEqual([]);
    });

    it('takes one coin, stores the spin and its coupon before answering, and lists the coupon', async () => {
      const t = get();
      await riggedWheel(t, 'WIN25', 25);
      const m = await newMember(t);
      await setCoins(t, m.id, 2);
      const res = await spin(t, m);
      expect([res.statusCode, res.json()]).toEqual([
        200,
        {
          success: true,
          result: { code: 'WIN25', label: 'WIN25 en', remainingCoin: 1 },
          error: null,
        },
      ]);
      expect(await coinsOf(t, m.id)).toBe(1);
      const stored = await t.db
        .selectFrom('spin_coupons')
        .selectAll()
        .where('member_id', '=', m.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.amount).toBe(2500);
      expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(
        72 * HOUR_MS,
      );
      const list = await couponsOf(t, m);
      expect(list).toEqual([
        {
          _id: String(stored[0]!.id),
          prize: {
            name: 'Rigged en',
            slice: expect.objectContaining({
              code: 'WIN25',
              label: 'WIN25 en',
              bgColor: '#112233',
            }),
          },
          amount: 25,
          // Decision 0112: the coupon grant's terms, from the spin settings (1x, 0%).
          terms: { turnoverMultiple: 1, percentFail: 0 },
        },
      ]);
    });

    it('stores no coupon for a slice without a prize', async () => {
      const t = get();
      await riggedWheel(t, 'NOTHING', 0);
      const m = await newMember(t);
      await setCoins(t, m.id, 1);
      const res = await spin(t, m);
      expect(res.json()).toMatchObject({
        success: true,
        result: { code: 'NOTHING', remainingCoin: 0 },
      });
      expect(await couponsOf(t, m)).toEqual([]);
      expect(
        await t.db.selectFrom('spins').select('id').where('member_id', '=', m.id).execute(),
      ).toHaveLength(1);
    });

    it('answers a re-run of one Idempotency-Key with the first result, spending one coin', async () => {
      const t = get();
      const m = await newMember(t);
      await setCoins(t, m.id, 3);
      const k = key();
      const first = await spin(t, m, k);
      const again = await spin(t, m, k);
      expect(again.json()).toEqual(first.json());
      expect(await coinsOf(t, m.id)).toBe(2);
      // Past the HTTP layer too (a claim taken over after a crash): the spin row answers.
      const scoped = `member:${m.id}:direct-${k}`;
      const a = await spinService(t, m.id, 'en', scoped);
      const b = await spinService(t, m.id, 'en', scoped);
      expect(b).toEqual(a);
      expect(await coinsOf(t, m.id)).toBe(1);
    });

    it('answers INVALID_CODE with no active wheel (and with nothing drawable) and keeps the coin', async () => {
      const t = get();
      const m = await newMember(t);
      await setCoins(t, m.id, 1);
      const id = await riggedWheel(t, 'ONLY', 5);
      // Every weight 0: nothing can be drawn.
      const wheel = (await operatorCall(t, 'GET', '/api/operator/spin/wheels'))
        .json<{ _id: string; slices: { _id: string; code: string }[] }[]>()
        .find((w) => w._id === id)!;
      const only = wheel.slices.find((s) => s.code === 'ONLY')!;
      await operatorCall(t, 'PUT', `/api/operator/spin/slices/${only._id}`, { weight: 0 });
      expect((await t.call('GET', '/api/spinwheel/active', { token: m.token })).json()).toEqual({
        active: false,
      });
      let res = await spin(t, m);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'INVALID_CODE' }]);
      await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${id}`, { active: false });
      res = await spin(t, m);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'INVALID_CODE' }]);
      const setup = await t.call('GET', '/api/spinwheel/setup', { token: m.token });
      expect(setup.json()).toEqual({ activeSpinwheel: null, userCoin: 1 });
      expect(await coinsOf(t, m.id)).toBe(1);
    });

    it('T3: 50 simultaneous spins with one coin give exactly one spin', async () => {
      const t = get();
      await riggedWheel(t, 'RACE', 10);
      const m = await newMember(t);
      await setCoins(t, m.id, 1);
      const answers = await Promise.all(Array.from({ length: 50 }, () => spin(t, m)));
      const codes = answers.map((r) =>
        r.statusCode === 200 ? 'OK' : r.json<{ message: string }>().message,
      );
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c === 'NO_DATA')).toHaveLength(49);
      expect(await coinsOf(t, m.id)).toBe(0);
      expect(
        await t.db.selectFrom('spins').select('id').where('member_id', '=', m.id).execute(),
      ).toHaveLength(1);
      expect(await couponsOf(t, m)).toHaveLength(1);
    });
  });

  describe('POST /api/spinwheel/coupon/claim', () => {
    async function memberWithCoupon(
      t: TestApp,
      prize = 25,
    ): Promise<{ m: Member; coupon: string }> {
      await riggedWheel(t, `C${prize}`, prize);
      const m = await newMember(t);
      await setCoins(t, m.id, 1);
      expect((await spin(t, m)).statusCode).toBe(200);
      const [coupon] = await couponsOf(t, m);
      return { m, coupon: coupon!._id };
    }

    it('pays the coupon once into the wallet with a bonus statement row on the promotion channel', async () => {
      const t = get();
      const { m, coupon } = await memberWithCoupon(t, 25);
      const res = await claim(t, m, coupon);
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 2500, hold: 0 });
      expect(await couponsOf(t, m)).toEqual([]);
      const statement = await t.call('POST', '/api/statement', {
        token: m.token,
        body: { page: 1, limit: 10 },
      });
      expect(statement.json<{ statements: unknown[] }>().statements).toEqual([
        expect.objectContaining({
          statementType: 'bonus',
          status: 'SUCCESS',
          from: 'BONUS',
          to: 'WALLET',
          channel: 'promotion',
          amount: 25,
          luckydraw: { description: 'Rigged th: C25 th' },
        }),
      ]);
      const postings = await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_key', '=', `coupon:${coupon}`)
        .execute();
      expect(postings).toHaveLength(1);
      const again = await claim(t, m, coupon);
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'NO_CLAIMABLE_COUPON' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 2500, hold: 0 });
    });

    it('answers INVALID_CODE for an unknown coupon and for another member’s', async () => {
      const t = get();
      const { m, coupon } = await memberWithCoupon(t);
      const other = await newMember(t);
      for (const [who, c] of [
        [other, coupon],
        [m, '999999999'],
        [m, 'abc'],
        [m, '-1'],
      ] as const) {
        const res = await claim(t, who, c);
        expect([res.statusCode, res.json(), c]).toEqual([404, { message: 'INVALID_CODE' }, c]);
      }
      const empty = await claim(t, m, '');
      expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      expect(await balances(t.db, other.id)).toEqual({ cash: 0, hold: 0 });
      expect(await couponsOf(t, m)).toHaveLength(1);
    });

    it('answers BONUS_REMAINING while a bonus grant is open, and pays once it ends', async () => {
      const t = get();
      const { m, coupon } = await memberWithCoupon(t);
      const { grant } = await withTransaction(t.db, (trx) =>
        creditGrant(trx, t.clock, {
          memberId: m.id,
          currency: 'BAHT',
          kind: 'bonus',
          sourceCode: 'TEST',
          name: localized('Bonus'),
          credited: 1000,
          principal: 0,
          base: 2000,
          turnoverMultiple: 1,
          weights: DEFAULT_WEIGHTS,
          percentFail: 10,
          depositRef: null,
          actor: 'test',
          related: { bonus: { description: 'test bonus' } },
        }),
      );
      const res = await claim(t, m, coupon);
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'BONUS_REMAINING' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 1000, hold: 0 });
      await t.db
        .updateTable('promotion_grants')
        .set({ status: 'met' })
        .where('id', '=', grant.id)
        .execute();
      expect((await claim(t, m, coupon)).json()).toEqual({ message: 'SUCCESS' });
      expect(await balances(t.db, m.id)).toEqual({ cash: 1000 + 2500, hold: 0 });
    });

    it('T3: 20 simultaneous claims of one coupon pay it once', async () => {
      const t = get();
      const { m, coupon } = await memberWithCoupon(t, 40);
      const answers = await Promise.all(Array.from({ length: 20 }, () => claim(t, m, coupon)));
      const codes = answers.map((r) => r.json<{ message: string }>().message);
      expect(codes.filter((c) => c === 'SUCCESS')).toHaveLength(1);
      expect(codes.filter((c) => c === 'NO_CLAIMABLE_COUPON')).toHaveLength(19);
      expect(await balances(t.db, m.id)).toEqual({ cash: 4000, hold: 0 });
      const postings = await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_key', '=', `coupon:${coupon}`)
        .execute();
      expect(postings).toHaveLength(1);
    });

    it('answers COUPON_EXPIRED after spin.couponHours and no longer lists it', async () => {
      const t = get();
      const { m, coupon } = await memberWithCoupon(t);
      t.clock.advance(72 * HOUR_MS - 60_000);
      expect(await couponsOf(t, m)).toHaveLength(1);
      t.clock.advance(60_000);
      expect(await couponsOf(t, m)).toEqual([]);
      const res = await claim(t, m, coupon);
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'COUPON_EXPIRED' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });
  });

  describe('operator API', () => {
    it('keeps one wheel active, refuses a taken slice code and unknown ids, and lists coupons', async () => {
      const t = get();
      const a = await riggedWheel(t, 'OPA', 1);
      const b = await riggedWheel(t, 'OPB', 2);
      const wheels = (await operatorCall(t, 'GET', '/api/operator/spin/wheels')).json<
        { _id: string; active: boolean; slices: { code: string; prize: number }[] }[]
      >();
      expect(wheels.filter((w) => w.active).map((w) => w._id)).toEqual([b]);
      expect(wheels.find((w) => w._id === a)!.slices.map((s) => [s.code, s.prize])).toEqual([
        ['OPA', 1],
        ['OPA-Z', 5],
      ]);
      const taken = await operatorCall(
        t,
        'POST',
        `/api/operator/spin/wheels/${b}/slices`,
        sliceBody('OPB', 1, 1),
      );
      expect([taken.statusCode, taken.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', field: 'code' },
      ]);
      const missing = await operatorCall(
        t,
        'POST',
        '/api/operator/spin/wheels/999999/slices',
        sliceBody('X', 1, 1),
      );
      expect([missing.statusCode, missing.json()]).toEqual([409, { message: 'NO_DATA' }]);
      const noSlice = await operatorCall(t, 'PUT', '/api/operator/spin/slices/999999', {
        weight: 1,
      });
      expect([noSlice.statusCode, noSlice.json()]).toEqual([409, { message: 'NO_DATA' }]);
      const bad = await operatorCall(t, 'POST', `/api/operator/spin/wheels/${b}/slices`, {
        ...sliceBody('BAD', -1, 1.234),
      });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const m = await newMember(t);
      await setCoins(t, m.id, 1);
      await spin(t, m);
      const coupons = (await operatorCall(t, 'GET', '/api/operator/spin/coupons')).json<
        { memberId: string; sliceCode: string; amount: number; claimedAt: string | null }[]
      >();
      expect(coupons[0]).toMatchObject({
        memberId: m.memberNo,
        sliceCode: 'OPB',
        amount: 2,
        claimedAt: null,
      });
    });

    it('ends with a balanced ledger', async () => {
      expect((await ledgerCheck(get().db)).violations).toEqual([]);
    });
  });
});
