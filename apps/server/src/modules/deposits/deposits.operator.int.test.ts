// The console's QR and gift-link lists (issue 13, decision 0091) on both databases: filters
// by status, member (number or phone) and Bangkok day, pages, roles.
import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { createQr, encryptGiftLink, redeemLink } from '../../../test/deposit-support';
import { newMember } from '../../../test/reliability/money-helpers';
import { DAY_MS } from '../../lib/clock';
import { bangkokDate } from '../../lib/bangkok-day';

const phoneOf = async (t: TestApp, memberId: number) =>
  await t.db
    .selectFrom('members')
    .select(['username', 'member_no'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();

async function get<T>(t: TestApp, url: string, token: string) {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: T[]; total: number; page: number }>();
}

forEachDialect('operator deposit lists', (getApp) => {
  it('lists QR deposits by member, status and day, newest first, in pages', async () => {
    const t = getApp();
    const m = await newMember(t);
    const { username, member_no } = await phoneOf(t, m.id);
    const first = await createQr(t, m.token, 'KBANK', 100.5);
    expect(first.statusCode).toBe(200);
    const firstRef = first.json<{ qrcodeId: string }>().qrcodeId;
    // A new QR at the same gateway replaces the open one (decision 0024): two rows.
    t.clock.advance(60_000);
    const second = await createQr(t, m.token, 'KBANK', 200);
    expect(second.statusCode).toBe(200);
    const cashier = await t.operatorTokenAs('cashier');

    const byNo = await get<Record<string, unknown>>(
      t,
      `/api/operator/deposits/qr?member=${member_no}`,
      cashier,
    );
    expect(byNo.total).toBe(2);
    expect(byNo.rows[0]).toMatchObject({
      reference: second.json<{ qrcodeId: string }>().qrcodeId,
      memberNo: member_no,
      gateway: 'KBANK',
      amount: 200,
      status: 'OPEN',
      paidAt: null,
    });
    expect(byNo.rows[1]).toMatchObject({ reference: firstRef, amount: 100.5 });
    const byPhone = await get(
      t,
      `/api/operator/deposits/qr?member=${username}&pageSize=1`,
      cashier,
    );
    expect([byPhone.total, byPhone.rows.length, byPhone.page]).toEqual([2, 1, 1]);
    const page2 = await get<{ reference: string }>(
      t,
      `/api/operator/deposits/qr?member=${username}&pageSize=1&page=2`,
      cashier,
    );
    expect(page2.rows.map((r) => r.reference)).toEqual([firstRef]);
    const paid = await get(t, `/api/operator/deposits/qr?member=${member_no}&status=PAID`, cashier);
    expect(paid.total).toBe(0);
    const today = bangkokDate(t.clock.now());
    const tomorrow = bangkokDate(new Date(t.clock.now().getTime() + DAY_MS));
    const onDay = await get(
      t,
      `/api/operator/deposits/qr?member=${member_no}&from=${today}&to=${today}`,
      cashier,
    );
    expect(onDay.total).toBe(2);
    const later = await get(
      t,
      `/api/operator/deposits/qr?member=${member_no}&from=${tomorrow}`,
      cashier,
    );
    expect(later.total).toBe(0);
    const bad = await t.call('GET', '/api/operator/deposits/qr?status=NOPE', { token: cashier });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('lists gift links with their failure reason', async () => {
    const t = getApp();
    const m = await newMember(t);
    const { username, member_no } = await phoneOf(t, m.id);
    const voucher = t.gifts.issue(username, 5025);
    const ok = await redeemLink(t, m.token, encryptGiftLink(voucher.link));
    expect(ok.statusCode).toBe(200);
    const failing = t.gifts.issue(username, 1000);
    // The issuer's answer is lost: the claim waits (PENDING) with what went wrong.
    t.gifts.failNext('down');
    const res = await redeemLink(t, m.token, encryptGiftLink(failing.link));
    expect(res.statusCode).toBe(503);
    const cashier = await t.operatorTokenAs('cashier');
    const page = await get<Record<string, unknown>>(
      t,
      `/api/operator/deposits/gift-links?member=${member_no}`,
      cashier,
    );
    expect(page.rows[page.rows.length - 1]).toMatchObject({
      memberNo: member_no,
      amount: 50.25,
      status: 'CREDITED',
      failureReason: null,
    });
    expect(page.rows[0]).toMatchObject({ status: 'PENDING', amount: 10, creditedAt: null });
    expect(page.rows[0]!.failureReason).toEqual(expect.any(String));
    const credited = await get(
      t,
      `/api/operator/deposits/gift-links?member=${member_no}&status=CREDITED`,
      cashier,
    );
    expect(credited.total).toBe(1);
  });

  it('refuses support and marketing operators and members', async () => {
    const t = getApp();
    const m = await newMember(t);
    for (const path of ['/api/operator/deposits/qr', '/api/operator/deposits/gift-links']) {
      for (const role of ['support', 'marketing'] as const) {
        const res = await t.call('GET', path, { token: await t.operatorTokenAs(role) });
        expect([res.statusCode, res.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      }
      expect((await t.call('GET', path, { token: m.token })).statusCode).toBe(403);
      expect((await t.call('GET', path, { token: await t.operatorToken() })).statusCode).toBe(200);
    }
  });
});
