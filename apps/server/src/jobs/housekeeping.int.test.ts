import { expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../lib/clock';
import { forEachDialect, uniquePhone } from '../../test/helpers';
import { housekeeping } from './housekeeping';

forEachDialect('housekeeping', (get) => {
  it('purges old OTP requests, dead sessions and idle throttle rows, keeping live ones', async () => {
    const t = get();
    const phone = uniquePhone();
    const live = await t.registerMember({ username: phone, password: 'password-1' });
    const dead = await t.login(phone, 'password-1');
    await t.call('POST', '/api/logout', { token: dead });
    await t.call('POST', '/api/login', {
      body: { username: uniquePhone(), password: 'nope-nope' },
    });
    // A failed gift link leaves a failure counter for the member (decision 0025).
    const bad = await t.call('POST', '/api/wallet/truelink', {
      token: live,
      headers: { 'idempotency-key': `hk-${Date.now()}` },
      body: { link: 'not-a-gift-link-at-all' },
    });
    expect(bad.json()).toEqual({ message: 'TRUELINK_INVALID' });
    const count = async () => ({
      otp: (await t.db.selectFrom('otp_requests').select('id').execute()).length,
      throttle: (await t.db.selectFrom('login_throttle').select('key').execute()).length,
      gift: (await t.db.selectFrom('gift_link_throttle').select('key').execute()).length,
      revoked: (
        await t.db.selectFrom('sessions').select('id').where('revoked_at', 'is not', null).execute()
      ).length,
    });
    const before = await count();
    expect(before.otp).toBeGreaterThan(0);
    expect(before.throttle).toBeGreaterThan(0);
    expect(before.revoked).toBeGreaterThan(0);
    expect(before.gift).toBe(1);

    expect(await housekeeping(t.db, t.clock)).toEqual({
      sessions: 0,
      throttles: 0,
      otpRequests: 0,
      giftLinkThrottles: 0,
    });
    t.clock.advance(DAY_MS + MINUTE_MS);
    // Keep the live session in use so it is not idle.
    expect((await t.call('GET', '/api/account/profile', { token: live })).statusCode).toBe(200);
    const purged = await housekeeping(t.db, t.clock);
    expect(purged.otpRequests).toBe(before.otp);
    expect(purged.throttles).toBe(before.throttle);
    expect(purged.sessions).toBe(before.revoked);
    expect(purged.giftLinkThrottles).toBe(1);
    expect((await t.call('GET', '/api/account/profile', { token: live })).statusCode).toBe(200);
  });
});
