// The operator's invite and refund settings API (decision 0074): baht at the edge, satang
// stored; bad values refused with KEY_INVALID and nothing stored.
import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { getSetting } from '../settings';

forEachDialect('operator invite and refund settings', (get) => {
  it('reads and replaces both settings, in baht', async () => {
    const t = get();
    const token = await t.operatorToken();
    const invite = await t.call('GET', '/api/operator/settings/invite', { token });
    expect(invite.json()).toMatchObject({ enabled: true, ratePercent: 5, capPerDeposit: 100 });
    const next = { ...invite.json<object>(), ratePercent: 2.5, minimum: 20.5, successPercent: 300 };
    const put = await t.call('PUT', '/api/operator/settings/invite', { token, body: next });
    expect([put.statusCode, put.json()]).toEqual([200, next]);
    expect(await getSetting(t.db, 'invite')).toMatchObject({
      ratePercent: 2.5,
      minimumSatang: 2_050,
      successPercent: 300,
    });
    const bad = await t.call('PUT', '/api/operator/settings/invite', {
      token,
      body: { ...next, successPercent: 150 },
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect((await getSetting(t.db, 'invite')).successPercent).toBe(300);

    const refund = await t.call('GET', '/api/operator/settings/refund', { token });
    expect(refund.json()).toMatchObject({ claimDays: 7, minimum: 1 });
    const r2 = { ...refund.json<object>(), claimDays: 3, enabled: false };
    const putRefund = await t.call('PUT', '/api/operator/settings/refund', { token, body: r2 });
    expect([putRefund.statusCode, putRefund.json()]).toEqual([200, r2]);
    const tooLong = await t.call('PUT', '/api/operator/settings/refund', {
      token,
      body: { ...r2, claimDays: 8 },
    });
    expect(tooLong.statusCode).toBe(400);
    await t.call('PUT', '/api/operator/settings/invite', { token, body: invite.json() });
    await t.call('PUT', '/api/operator/settings/refund', { token, body: refund.json() });
  });
});
