import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, OPERATOR_USERNAME } from '../../seed';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { deactivateMember } from '../account';
import { forEachDialect, uniquePhone, type TestApp } from '../../../test/helpers';
import { sessionLookup } from './auth.repository';

forEachDialect('auth', (get) => {
  describe('wallet-user header', () => {
    it('refuses /api calls without X-Wallet-User: member', async () => {
      const t = get();
      const res = await t.call('GET', '/api/lookup/banks', { noWalletHeader: true });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'INVALID_USER_1' });
      const wrong = await t.call('GET', '/api/lookup/banks', {
        noWalletHeader: true,
        headers: { 'x-wallet-user': 'admin' },
      });
      expect(wrong.json()).toEqual({ message: 'INVALID_USER_1' });
    });

    it('exempts GET /api/docs', async () => {
      const res = await get().call('GET', '/api/docs', { noWalletHeader: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ openapi: '3.1.0' });
    });
  });

  describe('login', () => {
    it('signs the demo member in with a 256-bit token and stores only its hash', async () => {
      const t = get();
      const res = await t.call('POST', '/api/login', {
        body: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
      });
      expect(res.statusCode).toBe(200);
      const { token } = res.json<{ token: string }>();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
      expect(sessions.map((s) => s.token_hash)).toContain(sha256Hex(token));
      expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    });

    it('answers WRONG_CREDENTIAL alike for a wrong password and an unknown user', async () => {
      const t = get();
      const phone = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      const wrong = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'wrong-password' },
      });
      const unknown = await t.call('POST', '/api/login', {
        body: { username: uniquePhone(), password: 'whatever1' },
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      }
    });

    it('validates the body: missing field, extra field, wrong type', async () => {
      const t = get();
      const missing = await t.call('POST', '/api/login', { body: { username: '0812345678' } });
      expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      const extra = await t.call('POST', '/api/login', {
        body: { username: '0812345678', password: 'x', role: 'admin' },
      });
      expect([extra.statusCode, extra.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const type = await t.call('POST', '/api/login', {
        body: { username: 812345678, password: 'x' },
      });
      expect([type.statusCode, type.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const none = await t.call('POST', '/api/login');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: 'KEY_MISSING' });
    });

    it('locks an account after 5 failures for 15 minutes, refusing even the right password', async () => {
      const t = get();
      const phone = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      const attempt = (password: string) =>
        t.call('POST', '/api/login', { body: { username: phone, password } });
      for (let i = 0; i < 5; i++)
        expect((await attempt('wrong-password')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      const locked = await attempt('right-password');
      // The answer says how long to wait: a field for the client and the standard header.
      expect([locked.statusCode, locked.json()]).toEqual([
        429,
        { message: 'REQUEST_LIMIT', retryAfterSeconds: 15 * 60 },
      ]);
      expect(locked.headers['retry-after']).toBe(String(15 * 60));
      t.clock.advance(14 * MINUTE_MS);
      expect((await attempt('right-password')).json()).toEqual({
        message: 'REQUEST_LIMIT',
        retryAfterSeconds: 60,
      });
      t.clock.advance(2 * MINUTE_MS);
      expect((await attempt('right-password')).statusCode).toBe(200);
    });

    it('locks the attacking IP out of that account only: the owner elsewhere still signs in', async () => {
      const t = get();
      const phone = uniquePhone();
      const other = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      await t.registerMember({ username: other, password: 'other-password' });
      const attacker = '198.51.100.9';
      const owner = '203.0.113.20';
      const attempt = (username: string, password: string, ip: string) =>
        t.call('POST', '/api/login', { body: { username, password }, ip });
      const answers: string[] = [];
      for (let i = 0; i < 20; i++)
        answers.push(
          (await attempt(phone, `guess-${i}`, attacker)).json<{ message: string }>().message,
        );
      expect(answers).toEqual([
        ...Array<string>(5).fill('WRONG_CREDENTIAL'),
        ...Array<string>(15).fill('REQUEST_LIMIT'),
      ]);
      // The attacker's IP is locked for this account, even with the right password...
      const lockedOut = await attempt(phone, 'right-password', attacker);
      expect([lockedOut.statusCode, lockedOut.json<{ message: string }>().message]).toEqual([
        429,
        'REQUEST_LIMIT',
      ]);
      // ...while the owner, from their own IP, signs in with the right password.
      expect((await attempt(phone, 'right-password', owner)).statusCode).toBe(200);
      // The lock binds the pair: the same IP still reaches another account.
      expect((await attempt(other, 'other-password', attacker)).statusCode).toBe(200);
      // The owner's success does not lift the attacker's lock.
      expect((await attempt(phone, 'right-password', attacker)).statusCode).toBe(429);
      t.clock.advance(t.config.loginThrottle.lockMinutes * MINUTE_MS + 1000);
      expect((await attempt(phone, 'right-password', attacker)).statusCode).toBe(200);
    });

    it('locks the account for everyone only at the much higher per-account bar', async () => {
      const t = get();
      const phone = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      const { accountMaxFailures, maxFailures } = t.config.loginThrottle;
      expect(accountMaxFailures).toBe(10 * maxFailures);
      const answers: string[] = [];
      // A distributed attacker: each IP stays under its own limit.
      for (let i = 0; i < accountMaxFailures + 3; i++) {
        const res = await t.call('POST', '/api/login', {
          body: { username: phone, password: `guess-${i}` },
          ip: `10.20.${Math.floor(i / maxFailures)}.1`,
        });
        answers.push(res.json<{ message: string }>().message);
      }
      expect(answers).toEqual([
        ...Array<string>(accountMaxFailures).fill('WRONG_CREDENTIAL'),
        ...Array<string>(3).fill('REQUEST_LIMIT'),
      ]);
      const owner = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'right-password' },
        ip: '203.0.113.21',
      });
      expect([owner.statusCode, owner.json()]).toEqual([
        429,
        { message: 'REQUEST_LIMIT', retryAfterSeconds: t.config.loginThrottle.lockMinutes * 60 },
      ]);
      t.clock.advance(t.config.loginThrottle.lockMinutes * MINUTE_MS + 1000);
      const later = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'right-password' },
        ip: '203.0.113.21',
      });
      expect(later.statusCode).toBe(200);
    });

    it('counts only failures against the per-account bar (successes do not add up)', async () => {
      const t = get();
      const phone = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      const { accountMaxFailures } = t.config.loginThrottle;
      for (let i = 0; i < accountMaxFailures + 5; i++) {
        const res = await t.call('POST', '/api/login', {
          body: { username: phone, password: 'right-password' },
          ip: `10.30.${i}.1`,
        });
        expect(res.statusCode).toBe(200);
      }
    });

    it('forgets failures after a success and after the 15-minute window', async () => {
      const t = get();
      const phone = uniquePhone();
      await t.registerMember({ username: phone, password: 'right-password' });
      const attempt = (password: string) =>
        t.call('POST', '/api/login', { body: { username: phone, password } });
      for (let i = 0; i < 4; i++) await attempt('wrong-password');
      expect((await attempt('right-password')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await attempt('wrong-password');
      t.clock.advance(16 * MINUTE_MS);
      for (let i = 0; i < 4; i++)
        expect((await attempt('wrong-password')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      expect((await attempt('right-password')).statusCode).toBe(200);
    });

    it('throttles unknown usernames the same way (no account enumeration)', async () => {
      const t = get();
      const phone = uniquePhone();
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.call('POST', '/api/login', {
          body: { username: phone, password: 'guess-' + i },
        });
        answers.push(res.json<{ message: string }>().message);
      }
      expect(answers).toEqual([...Array<string>(5).fill('WRONG_CREDENTIAL'), 'REQUEST_LIMIT']);
    });

    it('refuses a deactivated member with INACTIVE_USER and revokes their sessions', async () => {
      const t = get();
      const phone = uniquePhone();
      const token = await t.registerMember({ username: phone, password: 'right-password' });
      const member = await t.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', phone)
        .executeTakeFirstOrThrow();
      await deactivateMember(t.app.deps, member.id);
      const profile = await t.call('GET', '/api/account/profile', { token });
      expect([profile.statusCode, profile.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      const login = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'right-password' },
      });
      expect([login.statusCode, login.json()]).toEqual([403, { message: 'INACTIVE_USER' }]);
      const wrong = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'wrong-password' },
      });
      expect(wrong.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    });

    it('applies the per-IP limit with REQUEST_LIMIT_1MIN', async () => {
      const t = get();
      const app = await t.rebuild({
        rateLimit: { loginPerMin: 3, otpPerMin: 3, registerPerMin: 3 },
      });
      const statuses: number[] = [];
      let last: unknown;
      for (let i = 0; i < 4; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-wallet-user': 'member' },
          payload: { username: uniquePhone(), password: 'whatever1' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(res.statusCode);
        last = res.json();
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    });
  });

  describe('sessions', () => {
    it('logout revokes only that session', async () => {
      const t = get();
      const phone = uniquePhone();
      const first = await t.registerMember({ username: phone, password: 'right-password' });
      const second = await t.login(phone, 'right-password');
      const out = await t.call('POST', '/api/logout', { token: first });
      expect([out.statusCode, out.json()]).toEqual([200, { message: 'OK' }]);
      expect((await t.call('GET', '/api/account/profile', { token: first })).json()).toEqual({
        message: 'UNAUTHORIZED',
      });
      expect((await t.call('GET', '/api/account/profile', { token: second })).statusCode).toBe(200);
      expect((await t.call('POST', '/api/logout', { token: first })).statusCode).toBe(401);
    });

    it('answers concurrent requests each with its own session (batched on PostgreSQL)', async () => {
      const t = get();
      const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
      const tokens = [];
      for (const phone of phones)
        tokens.push(await t.registerMember({ username: phone, password: 'right-password' }));
      const revoked = await t.login(phones[0]!, 'right-password');
      expect((await t.call('POST', '/api/logout', { token: revoked })).statusCode).toBe(200);
      const batcher = sessionLookup.batcherOf(t.db);
      const batchesBefore = batcher.batches;
      const asked = [...tokens, revoked, ...tokens, 'A'.repeat(43)];
      const answers = await Promise.all(
        asked.map((token) => t.call('GET', '/api/account/profile', { token })),
      );
      expect(
        answers.map((res) => (res.statusCode === 200 ? res.json().profile.username : res.json())),
      ).toEqual([...phones, { message: 'UNAUTHORIZED' }, ...phones, { message: 'UNAUTHORIZED' }]);
      const batches = batcher.batches - batchesBefore;
      // PostgreSQL: the eight lookups shared batches (usually one or two; fewer than eight
      // however the requests were spread over turns on a busy machine). SQLite runs each
      // on its own.
      if (t.dialect === 'postgres')
        expect([batches >= 1, batches < asked.length]).toEqual([true, true]);
      else expect(batches).toBe(0);
    });

    it('refuses missing, malformed and unknown tokens with UNAUTHORIZED', async () => {
      const t = get();
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
        { authorization: 'Bearer not a token' },
      ]) {
        const res = await t.call('GET', '/api/account/profile', { headers });
        expect([res.statusCode, res.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      }
    });

    it('expires after the idle time without use', async () => {
      const t = get();
      const phone = uniquePhone();
      const token = await t.registerMember({ username: phone });
      t.clock.advance(t.config.session.idleMinutes * MINUTE_MS - 5 * MINUTE_MS);
      expect((await t.call('GET', '/api/account/profile', { token })).statusCode).toBe(200);
      // Use resets the idle timer.
      t.clock.advance(t.config.session.idleMinutes * MINUTE_MS - 5 * MINUTE_MS);
      expect((await t.call('GET', '/api/account/profile', { token })).statusCode).toBe(200);
      t.clock.advance(t.config.session.idleMinutes * MINUTE_MS + MINUTE_MS);
      const res = await t.call('GET', '/api/account/profile', { token });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'EXPIRED_AUTH_TOKEN' }]);
    });

    it('expires at the absolute limit even when used every day', async () => {
      const t = get();
      const token = await t.registerMember({ username: uniquePhone() });
      let lastOk = 0;
      for (let day = 1; day <= t.config.session.absoluteDays + 1; day++) {
        t.clock.advance(DAY_MS);
        const res = await t.call('GET', '/api/account/profile', { token });
        if (res.statusCode === 200) lastOk = day;
        else expect(res.json()).toEqual({ message: 'EXPIRED_AUTH_TOKEN' });
      }
      expect(lastOk).toBe(t.config.session.absoluteDays - 1);
    });
  });

  describe('operator', () => {
    it('signs the operator in; members are refused on operator routes and vice versa', async () => {
      const t = get();
      const operatorToken = await t.freshOperatorSession();
      const memberToken = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);

      const byMember = await t.call('PUT', '/api/operator/settings/registerOTP', {
        token: memberToken,
        body: { registerOTP: true },
      });
      expect([byMember.statusCode, byMember.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const anonymous = await t.call('PUT', '/api/operator/site', { body: { terminated: false } });
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      const byOperator = await t.call('GET', '/api/account/profile', { token: operatorToken });
      expect([byOperator.statusCode, byOperator.json()]).toEqual([
        403,
        { message: 'UNAUTHORIZED' },
      ]);
      const ok = await t.call('PUT', '/api/operator/settings/registerOTP', {
        token: operatorToken,
        body: { registerOTP: true },
      });
      expect([ok.statusCode, ok.json()]).toEqual([200, { registerOTP: true }]);
    });

    const operatorLogin = (t: TestApp) => t.freshOperatorSession();
    const operatorProbe = (t: TestApp, token: string) =>
      t.call('GET', '/api/operator/withdrawals', { token });

    it('logs the operator out: that session is revoked, other operator sessions stay', async () => {
      const t = get();
      const token = await operatorLogin(t);
      const other = await operatorLogin(t);
      const out = await t.call('POST', '/api/operator/logout', { token });
      expect([out.statusCode, out.json()]).toEqual([200, { message: 'OK' }]);
      const after = await operatorProbe(t, token);
      expect([after.statusCode, after.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      expect((await operatorProbe(t, other)).statusCode).toBe(200);
      const again = await t.call('POST', '/api/operator/logout', { token });
      expect([again.statusCode, again.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      // Members cannot call it, and the member logout does not take an operator token.
      const memberToken = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      const byMember = await t.call('POST', '/api/operator/logout', { token: memberToken });
      expect([byMember.statusCode, byMember.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const memberRoute = await t.call('POST', '/api/logout', { token: other });
      expect(memberRoute.statusCode).toBe(403);
    });

    it('expires an operator session after the short idle time (settings)', async () => {
      const t = get();
      const { operatorIdleMinutes, idleMinutes } = t.config.session;
      expect(operatorIdleMinutes).toBe(30);
      expect(operatorIdleMinutes).toBeLessThan(idleMinutes);
      const token = await operatorLogin(t);
      t.clock.advance((operatorIdleMinutes - 2) * MINUTE_MS);
      expect((await operatorProbe(t, token)).statusCode).toBe(200);
      // Use resets the idle timer.
      t.clock.advance((operatorIdleMinutes - 2) * MINUTE_MS);
      expect((await operatorProbe(t, token)).statusCode).toBe(200);
      t.clock.advance((operatorIdleMinutes + 1) * MINUTE_MS);
      const res = await operatorProbe(t, token);
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'EXPIRED_AUTH_TOKEN' }]);
      // A member session idle just as long is still valid.
      const member = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      t.clock.advance((operatorIdleMinutes + 1) * MINUTE_MS);
      expect((await t.call('GET', '/api/account/profile', { token: member })).statusCode).toBe(200);
    });

    it('ends an operator session at its absolute lifetime even when used all along', async () => {
      const t = get();
      const { operatorAbsoluteHours, operatorIdleMinutes } = t.config.session;
      expect(operatorAbsoluteHours).toBe(12);
      const token = await operatorLogin(t);
      const step = (operatorIdleMinutes - 5) * MINUTE_MS;
      let elapsed = 0;
      let lastOk = 0;
      while (elapsed < (operatorAbsoluteHours + 1) * 60 * MINUTE_MS) {
        t.clock.advance(step);
        elapsed += step;
        const res = await operatorProbe(t, token);
        if (res.statusCode === 200) lastOk = elapsed;
        else expect([res.statusCode, res.json()]).toEqual([401, { message: 'EXPIRED_AUTH_TOKEN' }]);
      }
      expect(lastOk).toBeLessThan(operatorAbsoluteHours * 60 * MINUTE_MS);
      expect(lastOk).toBeGreaterThan(operatorAbsoluteHours * 60 * MINUTE_MS - step - 1);
      // The expiry stored with the session says the same.
      const row = await t.db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('subject', '=', 'operator')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(
        operatorAbsoluteHours * 60 * MINUTE_MS,
      );
    });

    it('refuses a wrong operator password', async () => {
      const res = await get().call('POST', '/api/operator/login', {
        body: { username: OPERATOR_USERNAME, password: 'not-the-password' },
      });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);
    });
  });
});
