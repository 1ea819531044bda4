// reliability.md T9 for the spin wheel (decision 0082): every member and operator spin
// route refuses the wrong caller alike, a member reaches only their own coins and coupons,
// and nothing moves while refusing.
import { allEndpoints } from '@wallet/contract';
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { balances, ledgerFingerprint, newKey, newMember } from './money-helpers';

forEachDialect('T9 spin wheel', (get) => {
  it('refuses anonymous callers, members on operator routes and the operator on member routes', async () => {
    const t = get();
    const a = await newMember(t);
    const operator = await t.operatorToken();
    const spinRoutes = allEndpoints().filter(
      ({ group }) => group === 'spin' || group === 'operatorSpin',
    );
    expect(spinRoutes).toHaveLength(5 + 8);
    const callers = { anonymous: undefined, member: a.token, operator };
    const before = await ledgerFingerprint(t.db);
    let refused = 0;
    for (const { def } of spinRoutes) {
      for (const [caller, token] of Object.entries(callers)) {
        if (def.access === caller) continue;
        const url = def.path.replace(':wheelId', '1').replace(':sliceId', '1');
        const res = await t.call(def.method, url, {
          ...(token ? { token } : {}),
          headers: { 'idempotency-key': newKey() },
          ...(def.body ? { body: {} } : {}),
        });
        const status = caller === 'anonymous' ? 401 : 403;
        expect([res.statusCode, res.json(), caller, url]).toEqual([
          status,
          { message: 'UNAUTHORIZED' },
          caller,
          url,
        ]);
        refused++;
      }
    }
    console.log(`T9 [${t.dialect}] spin: refused ${refused}/${spinRoutes.length * 2}`);
    expect(refused).toBe(spinRoutes.length * 2);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it('keeps each member to their own coins and coupons', async () => {
    const t = get();
    const a = await newMember(t);
    const b = await newMember(t);
    await t.db.updateTable('members').set({ coin: 3 }).where('id', '=', a.id).execute();
    // A wheel whose one drawable slice carries a prize, so A surely holds a coupon.
    const op = await t.operatorToken();
    const text = { th: 'T9', la: 'T9', en: 'T9' };
    const wheel = await t.call('POST', '/api/operator/spin/wheels', {
      token: op,
      body: { name: text, active: true },
    });
    const wheelId = wheel.json<{ _id: string }>()._id;
    const slice = await t.call('POST', `/api/operator/spin/wheels/${wheelId}/slices`, {
      token: op,
      body: {
        code: 'T9',
        label: text,
        bgColor: '#000000',
        textColor: '#ffffff',
        htmlDescription: text,
        weight: 1,
        prize: 7,
        sortOrder: 0,
      },
    });
    expect(slice.statusCode).toBe(200);
    const spun = await t.call('POST', '/api/spinwheel/spin', {
      token: a.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(spun.statusCode).toBe(200);
    const coupons = (await t.call('GET', '/api/spinwheel/coupon', { token: a.token })).json<
      { _id: string }[]
    >();
    expect(coupons).toHaveLength(1);
    // B sees none of A's coupons and cannot claim one; naming a member in the body is refused.
    expect((await t.call('GET', '/api/spinwheel/coupon', { token: b.token })).json()).toEqual([]);
    const before = await ledgerFingerprint(t.db);
    const steal = await t.call('POST', '/api/spinwheel/coupon/claim', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
      body: { coupon: coupons[0]!._id },
    });
    expect([steal.statusCode, steal.json()]).toEqual([404, { message: 'INVALID_CODE' }]);
    const extra = await t.call('POST', '/api/spinwheel/coupon/claim', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
      body: { coupon: coupons[0]!._id, memberId: a.memberNo },
    });
    expect([extra.statusCode, extra.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    // B's spin spends B's coins (none): A's are untouched.
    const bSpin = await t.call('POST', '/api/spinwheel/spin', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect([bSpin.statusCode, bSpin.json()]).toEqual([409, { message: 'NO_DATA' }]);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(await balances(t.db, b.id)).toEqual({ cash: 0, hold: 0 });
    const setupA = (await t.call('GET', '/api/spinwheel/setup', { token: a.token })).json<{
      userCoin: number;
    }>();
    const spinsA = await t.db
      .selectFrom('spins')
      .select('id')
      .where('member_id', '=', a.id)
      .execute();
    expect(setupA.userCoin).toBe(3 - spinsA.length);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
