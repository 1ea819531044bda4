import { expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../seed';
import { forEachDialect } from '../../../test/helpers';

forEachDialect('site gone', (get) => {
  it('answers 410 gone everywhere but the active lookup, docs and operator routes', async () => {
    const t = get();
    const memberToken = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    const token = await t.operatorToken();
    const flag = await t.call('PUT', '/api/operator/site', { token, body: { terminated: true } });
    expect([flag.statusCode, flag.json()]).toEqual([200, { terminated: 'gone' }]);
    try {
      for (const [method, url, options] of [
        ['GET', '/api/lookup/banks', {}],
        ['GET', '/api/lookup/info', {}],
        ['POST', '/api/login', { body: { username: DEMO_MEMBER.username, password: 'x' } }],
        ['GET', '/api/account/profile', { token: memberToken }],
        ['POST', '/api/otp/send', { body: { phoneNumber: '0899999999' } }],
        ['GET', '/api/wallet', {}],
      ] as const) {
        const res = await t.call(method, url, options);
        expect([res.statusCode, res.json(), url]).toEqual([410, { message: 'gone' }, url]);
        // Browsers may cache a 410 by default: a lifted flag must not stay in a cache.
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const active = await t.call('GET', '/api/lookup/active');
      expect([active.statusCode, active.json()]).toEqual([200, { terminated: 'gone' }]);
      expect((await t.call('GET', '/api/docs')).statusCode).toBe(200);
      // The header check still comes first.
      const noHeader = await t.call('GET', '/api/lookup/banks', { noWalletHeader: true });
      expect(noHeader.json()).toEqual({ message: 'INVALID_USER_1' });
      // A second process on the same database sees the flag at once (no cache).
      const other = await t.rebuild();
      const seen = await other.inject({
        method: 'GET',
        url: '/api/lookup/banks',
        headers: { 'x-wallet-user': 'member' },
      });
      expect(seen.statusCode).toBe(410);
    } finally {
      const lift = await t.call('PUT', '/api/operator/site', {
        token,
        body: { terminated: false },
      });
      expect(lift.json()).toEqual({ terminated: null });
    }
    expect((await t.call('GET', '/api/lookup/banks')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/lookup/active')).json()).toEqual({ terminated: null });
  });
});
