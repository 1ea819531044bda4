// The promotions module's operator side for the console (issue 13, decision 0092): every
// change writes an audit row naming its target with what changed before and after; usage
// per bonus and code, a code's uses, and the coupons page with its filters.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answer,
  bonusBody,
  createBonus,
  createPromotion,
  deposit,
  get,
  operatorCall,
} from '../../../test/bonus-support';
import { newMember } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { HOUR_MS } from '../../lib/clock';

interface AuditRow {
  action: string;
  target: string | null;
  outcome: string;
  before: unknown;
  after: unknown;
}

/** The newest audit row of `action`. */
async function lastAudit(t: TestApp, action: string): Promise<AuditRow> {
  const q = encodeURIComponent(action);
  const res = await t.call('GET', `/api/operator/audit?q=${q}&pageSize=1`, {
    token: await t.operatorToken(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json<{ rows: AuditRow[] }>().rows;
  if (!row) throw new Error(`no audit row for ${action}`);
  return row;
}

const localized = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });
const sliceBody = (code: string, weight: number, prize: number) => ({
  code,
  label: localized(code),
  bgColor: '#112233',
  textColor: '#ffffff',
  htmlDescription: localized(`<p>${code}</p>`),
  weight,
  prize,
  sortOrder: 0,
});

forEachDialect('promotions: the console operator side', (get_) => {
  describe('audit rows of every change', () => {
    it('names the bonus and logs only what changed', async () => {
      const t = get_();
      const code = await createBonus(t, { percentFail: 10 });
      const created = await lastAudit(t, 'POST /api/operator/bonuses');
      expect(created).toMatchObject({ target: `bonus:${code}`, outcome: 'ok', before: null });
      expect(created.after).toMatchObject({ code, percentFail: 10 });

      const { code: _, ...rest } = bonusBody({ code, percentFail: 25 });
      const put = await operatorCall(t, 'PUT', `/api/operator/bonuses/${code}`, rest);
      expect(put.statusCode, put.body).toBe(200);
      const updated = await lastAudit(t, 'PUT /api/operator/bonuses/:code');
      expect(updated).toMatchObject({
        target: `bonus:${code}`,
        outcome: 'ok',
        before: { percentFail: 10 },
        after: { percentFail: 25 },
      });
    });

    it('names the promotion code and logs what changed', async () => {
      const t = get_();
      const bonus = await createBonus(t);
      const code = await createPromotion(t, bonus, { maxUsesTotal: 5 });
      expect(await lastAudit(t, 'POST /api/operator/promotions')).toMatchObject({
        target: `promotion:${code}`,
        before: null,
        after: { code, bonusCode: bonus, maxUsesTotal: 5, uses: 0 },
      });
      const body = {
        bonusCode: bonus,
        description: localized('promo'),
        validFrom: '2020-01-01T00:00:00.000Z',
        validTo: null,
        maxUsesPerMember: 1,
        maxUsesTotal: 9,
        enabled: false,
      };
      const put = await operatorCall(t, 'PUT', `/api/operator/promotions/${code}`, body);
      expect(put.statusCode, put.body).toBe(200);
      expect(await lastAudit(t, 'PUT /api/operator/promotions/:code')).toMatchObject({
        target: `promotion:${code}`,
        before: { maxUsesTotal: 5, enabled: true },
        after: { maxUsesTotal: 9, enabled: false },
      });
    });

    it('names the invite, refund and spin settings with before and after', async () => {
      const t = get_();
      const invite = (await operatorCall(t, 'GET', '/api/operator/settings/invite')).json<{
        ratePercent: number;
      }>();
      await operatorCall(t, 'PUT', '/api/operator/settings/invite', {
        ...invite,
        ratePercent: 7.5,
      });
      expect(await lastAudit(t, 'PUT /api/operator/settings/invite')).toMatchObject({
        target: 'setting:invite',
        before: { ratePercent: invite.ratePercent },
        after: { ratePercent: 7.5 },
      });
      const refund = (await operatorCall(t, 'GET', '/api/operator/settings/refund')).json<{
        claimDays: number;
      }>();
      await operatorCall(t, 'PUT', '/api/operator/settings/refund', { ...refund, claimDays: 2 });
      expect(await lastAudit(t, 'PUT /api/operator/settings/refund')).toMatchObject({
        target: 'setting:refund',
        before: { claimDays: refund.claimDays },
        after: { claimDays: 2 },
      });
      await operatorCall(t, 'PUT', '/api/operator/spin/settings', { coinPer: 40, couponHours: 72 });
      expect(await lastAudit(t, 'PUT /api/operator/spin/settings')).toMatchObject({
        target: 'setting:spin',
        before: { coinPer: 100 },
        after: { coinPer: 40 },
      });
    });

    it('names the wheel and slice; switching a wheel on logs the one it switched off', async () => {
      const t = get_();
      const [seeded] = (await operatorCall(t, 'GET', '/api/operator/spin/wheels')).json<
        { _id: string; active: boolean }[]
      >();
      expect(seeded?.active).toBe(true);
      const created = await operatorCall(t, 'POST', '/api/operator/spin/wheels', {
        name: localized('New'),
        active: false,
      });
      const id = created.json<{ _id: string }>()._id;
      expect(await lastAudit(t, 'POST /api/operator/spin/wheels')).toMatchObject({
        target: `wheel:${id}`,
        before: null,
        after: { active: false },
      });
      const sliceCode = `S${randomUUID().slice(0, 6).toUpperCase()}`;
      const added = await operatorCall(
        t,
        'POST',
        `/api/operator/spin/wheels/${id}/slices`,
        sliceBody(sliceCode, 3, 10),
      );
      const sliceId = added.json<{ slices: { _id: string }[] }>().slices[0]!._id;
      expect(await lastAudit(t, 'POST /api/operator/spin/wheels/:wheelId/slices')).toMatchObject({
        target: `slice:${sliceId},wheel:${id}`,
        before: null,
        after: { code: sliceCode, weight: 3, prize: 10 },
      });
      await operatorCall(t, 'PUT', `/api/operator/spin/slices/${sliceId}`, { weight: 8 });
      expect(await lastAudit(t, 'PUT /api/operator/spin/slices/:sliceId')).toMatchObject({
        target: `slice:${sliceId},wheel:${id}`,
        before: { weight: 3 },
        after: { weight: 8 },
      });
      await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${id}`, { active: true });
      expect(await lastAudit(t, 'PUT /api/operator/spin/wheels/:wheelId')).toMatchObject({
        target: `wheel:${id}`,
        before: { active: false },
        after: { active: true, switchedOff: [seeded!._id] },
      });
      // Leave the seeded wheel on for the other tests of this file.
      await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${seeded!._id}`, { active: true });
    });

    it('records a refused change with its error code', async () => {
      const t = get_();
      const { code: _, ...rest } = bonusBody();
      const res = await operatorCall(t, 'PUT', '/api/operator/bonuses/NOSUCHBONUS', rest);
      expect(answer(res)).toEqual([404, { message: 'NO_DATA' }]);
      expect(await lastAudit(t, 'PUT /api/operator/bonuses/:code')).toMatchObject({
        outcome: 'NO_DATA',
      });
    });
  });

  describe('usage and uses', () => {
    it('counts each bonus and code: received, members, paid, open; and lists a code’s uses', async () => {
      const t = get_();
      const bonus = await createBonus(t, { enabled: false, credit: { kind: 'fixed', amount: 50 } });
      const code = await createPromotion(t, bonus, { maxUsesTotal: 5 });
      const unused = await createPromotion(t, bonus);
      const members = [await newMember(t), await newMember(t)];
      for (const m of members) {
        await deposit(t, m, 10_000);
        expect(answer(await get(t, m, `/api/promotion/activate/${code}`))).toEqual([
          200,
          { message: 'SUCCESS' },
        ]);
      }
      const usage = await operatorCall(t, 'GET', '/api/operator/bonuses/usage');
      expect(usage.statusCode, usage.body).toBe(200);
      const body = usage.json<{
        bonuses: { code: string }[];
        promotions: { code: string }[];
      }>();
      expect(body.promotions.find((p) => p.code === code)).toEqual({
        code,
        received: 2,
        members: 2,
        paid: 100,
        open: 2,
      });
      expect(body.promotions.find((p) => p.code === unused)).toEqual({
        code: unused,
        received: 0,
        members: 0,
        paid: 0,
        open: 0,
      });
      expect(body.bonuses.find((b) => b.code === bonus)).toMatchObject({ received: 0 });

      const uses = await operatorCall(
        t,
        'GET',
        `/api/operator/promotions/${code.toLowerCase()}/uses?pageSize=1`,
      );
      expect(uses.statusCode, uses.body).toBe(200);
      expect(uses.json()).toEqual({
        rows: [
          {
            memberId: members[1]!.memberNo,
            useNo: 1,
            totalNo: 2,
            credited: 50,
            status: 'open',
            createdAt: expect.any(String),
          },
        ],
        total: 2,
        page: 1,
      });
      expect(
        answer(await operatorCall(t, 'GET', '/api/operator/promotions/NOSUCHCODE/uses')),
      ).toEqual([404, { message: 'NO_DATA' }]);
    });

    it('lets marketing read them and refuses support', async () => {
      const t = get_();
      const marketing = await t.operatorTokenAs('marketing');
      const support = await t.operatorTokenAs('support');
      for (const url of ['/api/operator/bonuses/usage', '/api/operator/coupons']) {
        expect((await t.call('GET', url, { token: marketing })).statusCode).toBe(200);
        expect(answer(await t.call('GET', url, { token: support }))).toEqual([
          403,
          { message: 'UNAUTHORIZED' },
        ]);
      }
    });
  });

  describe('GET /api/operator/coupons', () => {
    it('pages coupons newest first and filters by member and state', async () => {
      const t = get_();
      const wheel = await operatorCall(t, 'POST', '/api/operator/spin/wheels', {
        name: localized('Coupons'),
        active: true,
      });
      const wheelId = wheel.json<{ _id: string }>()._id;
      const sliceCode = `K${randomUUID().slice(0, 6).toUpperCase()}`;
      await operatorCall(
        t,
        'POST',
        `/api/operator/spin/wheels/${wheelId}/slices`,
        sliceBody(sliceCode, 1, 15),
      );
      const a = await newMember(t);
      const b = await newMember(t);
      for (const m of [a, b, a]) {
        await t.db.updateTable('members').set({ coin: 1 }).where('id', '=', m.memberId).execute();
        const spun = await t.call('POST', '/api/spinwheel/spin', {
          token: m.token,
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(spun.statusCode, spun.body).toBe(200);
      }
      let token = await t.operatorTokenAs('marketing');
      const page = (query: string) =>
        t.call('GET', `/api/operator/coupons?${query}`, { token }).then((r) => {
          expect(r.statusCode, r.body).toBe(200);
          return r.json<{
            rows: { memberId: string; status: string; amount: number; sliceCode: string }[];
            total: number;
            page: number;
          }>();
        });
      const ofA = await page(`member=${a.memberNo}`);
      expect(ofA.total).toBe(2);
      expect(ofA.rows.map((r) => [r.memberId, r.status, r.amount, r.sliceCode])).toEqual([
        [a.memberNo, 'open', 15, sliceCode],
        [a.memberNo, 'open', 15, sliceCode],
      ]);
      const second = await page(`member=${a.memberNo}&pageSize=1&page=2`);
      expect([second.total, second.page, second.rows.length]).toEqual([2, 2, 1]);

      const [coupon] = (await t.call('GET', '/api/spinwheel/coupon', { token: b.token })).json<
        { _id: string }[]
      >();
      const claimed = await t.call('POST', '/api/spinwheel/coupon/claim', {
        token: b.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { coupon: coupon!._id },
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect((await page(`member=${b.memberNo}&status=claimed`)).total).toBe(1);
      expect((await page(`member=${b.memberNo}&status=open`)).total).toBe(0);

      t.clock.advance(73 * HOUR_MS);
      token = await t.freshOperatorSession('marketing');
      expect((await page(`member=${a.memberNo}&status=expired`)).total).toBe(2);
      expect((await page(`member=${a.memberNo}&status=open`)).total).toBe(0);
      expect((await page(`member=${b.memberNo}&status=expired`)).total).toBe(0);
      expect(answer(await operatorCall(t, 'GET', '/api/operator/coupons?status=lost'))).toEqual([
        400,
        { message: 'KEY_INVALID' },
      ]);
    });
  });
});
