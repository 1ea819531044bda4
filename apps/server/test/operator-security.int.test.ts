// reliability.md T9 and T10 for the operator console (issue 13, decision 0086).
// - T9 roles: every operator endpoint of the contract called by every role, a member and no
//   one. Out-of-role calls and member calls: 100% refused (403 UNAUTHORIZED), anonymous 401.
//   In-role calls get past the access check (an empty body is refused by validation, so
//   nothing changes).
// - T10 operator sign-in: 1,000 guessed authenticator codes, 0 successes; codes count on
//   their own (operator, IP) key, so a right password between guesses buys no more of them
//   (decision 0117).
import { allEndpoints, OPERATOR_ROLES, type OperatorRole } from '@wallet/contract';
import { expect, it } from 'vitest';
import { totpNow } from '../src/lib/totp';
import { DEMO_MEMBER } from '../src/seed';
import { forEachDialect } from './helpers';

const tally = (answers: string[]) =>
  answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a]: (acc[a] ?? 0) + 1 }), {});

const operatorEndpoints = allEndpoints().filter(({ def }) => def.access === 'operator');

forEachDialect('T9 operator roles', (get) => {
  it('refuses 100% of out-of-role and member calls on every operator endpoint', async () => {
    const t = get();
    const member = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    const tokens = new Map<OperatorRole, string>();
    for (const role of OPERATOR_ROLES) tokens.set(role, await t.freshOperatorSession(role));
    let calls = 0;
    let outOfRole = 0;
    let refused = 0;
    for (const { def } of operatorEndpoints) {
      const url = def.path.replace(/:(\w+)/g, '0');
      const send = (token: string | undefined) =>
        t.call(def.method, url, {
          ...(token ? { token } : {}),
          ...(def.method !== 'GET' ? { body: {} } : {}),
        });
      const signOut = def.path.includes('/logout');
      for (const role of OPERATOR_ROLES) {
        const allowed = role === 'admin' || (def.roles ?? []).includes(role);
        // A sign-out ends the session it is called with: a throwaway one.
        const token = signOut ? await t.freshOperatorSession(role) : tokens.get(role)!;
        const res = await send(token);
        calls++;
        // Signing out everywhere ended the role's matrix session too: a new one.
        if (signOut && res.statusCode === 200) tokens.set(role, await t.freshOperatorSession(role));
        const label = `${role} ${def.method} ${def.path}`;
        if (allowed) {
          expect([401, 403], `${label}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          outOfRole++;
          expect([res.statusCode, res.json(), label]).toEqual([
            403,
            { message: 'UNAUTHORIZED' },
            label,
          ]);
          refused++;
        }
      }
      const byMember = await send(member);
      expect([byMember.statusCode, byMember.json()], `member ${def.path}`).toEqual([
        403,
        { message: 'UNAUTHORIZED' },
      ]);
      const anonymous = await send(undefined);
      expect([anonymous.statusCode, anonymous.json()], `anonymous ${def.path}`).toEqual([
        401,
        { message: 'UNAUTHORIZED' },
      ]);
      calls += 2;
      outOfRole += 2;
      refused += 2;
    }
    expect(refused).toBe(outOfRole);
    expect(outOfRole).toBeGreaterThan(operatorEndpoints.length);
    console.log(
      `T9 operator roles [${t.dialect}]: ${operatorEndpoints.length} operator endpoints x ` +
        `(4 roles + member + anonymous) = ${calls} calls; ${refused}/${outOfRole} out-of-role ` +
        `calls refused (100%)`,
    );
  });
});

forEachDialect('T10 operator sign-in', (get) => {
  it('1,000 guessed authenticator codes: 0 successes, locked at the documented limits', async () => {
    const t = get();
    const { maxFailures, accountMaxFailures } = t.config.loginThrottle;
    const at = t.clock.now();
    const valid = new Set(
      [-1, 0, 1].map((step) =>
        totpNow(t.config.operatorDemoTotpSecret, new Date(at.getTime() + step * 30_000)),
      ),
    );
    // The attacker knows the password and guesses codes from ever new addresses: a new
    // challenge for every five guesses (a challenge dies after five). Guess 500 is the right
    // code: by then the account is locked and it is refused too.
    const answers: string[] = [];
    let challenge = '';
    let guessesOnChallenge = 5;
    let ip = '';
    for (let i = 0; i < 1000; i++) {
      if (guessesOnChallenge >= 5) {
        ip = `10.77.${Math.floor(i / 250)}.${i % 250}`;
        const first = await t.call('POST', '/api/operator/login', {
          body: { username: 'cashier', password: t.config.operatorPassword },
          ip,
        });
        challenge = first.json<{ challenge?: string }>().challenge ?? 'locked-out';
        guessesOnChallenge = 0;
      }
      let code = String(i * 7919)
        .padStart(6, '0')
        .slice(-6);
      while (valid.has(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      if (i === 500) code = totpNow(t.config.operatorDemoTotpSecret, t.clock.now());
      const res = await t.call('POST', '/api/operator/login/totp', {
        body: { challenge, code },
        ip,
      });
      guessesOnChallenge++;
      answers.push(res.json<{ message?: string; token?: string }>().message ?? 'TOKEN');
    }
    const counts = tally(answers);
    expect(counts.TOKEN).toBeUndefined();
    // Every code that reached the check was charged to the account: at most its bar.
    expect(counts.OTP_CODE_INVALID ?? 0).toBeLessThanOrEqual(accountMaxFailures);
    expect((counts.OTP_CODE_INVALID ?? 0) + (counts.REQUEST_LIMIT ?? 0)).toBeGreaterThan(0);
    // After the lock, nothing is checked: the rest are refused without looking at the code.
    expect(answers.slice(-400).every((a) => a !== 'OTP_CODE_INVALID')).toBe(true);
    // One address, one challenge: five wrong codes spend the challenge and lock that address
    // out of the account (its next password is refused before it is checked).
    const single: string[] = [];
    const first = await t.call('POST', '/api/operator/login', {
      body: { username: 'support', password: t.config.operatorPassword },
      ip: '203.0.113.9',
    });
    const one = first.json<{ challenge: string }>().challenge;
    for (let i = 0; i < maxFailures + 1; i++) {
      const res = await t.call('POST', '/api/operator/login/totp', {
        body: { challenge: one, code: valid.has('123456') ? '654321' : '123456' },
        ip: '203.0.113.9',
      });
      single.push(res.json<{ message?: string }>().message ?? 'TOKEN');
    }
    expect(single.slice(0, maxFailures)).toEqual(Array(maxFailures).fill('OTP_CODE_INVALID'));
    expect(single.slice(maxFailures)).toEqual(['OTP_TOKEN_INVALID']);
    const again = await t.call('POST', '/api/operator/login', {
      body: { username: 'support', password: t.config.operatorPassword },
      ip: '203.0.113.9',
    });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      429,
      'REQUEST_LIMIT',
    ]);
    console.log(
      `T10 operator TOTP [${t.dialect}]: 1000 guesses (the right code at 500) -> ` +
        `${JSON.stringify(counts)}; 0 successful sign-ins; one address locked after ` +
        `${maxFailures} wrong codes, the account after ${accountMaxFailures}`,
    );
  });
});

forEachDialect('T10 operator codes keep their own count', (get) => {
  it('a right password between wrong codes does not reset the count: 5 codes per address, not 50', async () => {
    const t = get();
    const { maxFailures, accountMaxFailures } = t.config.loginThrottle;
    const at = t.clock.now();
    const valid = new Set(
      [-1, 0, 1].map((step) =>
        totpNow(t.config.operatorDemoTotpSecret, new Date(at.getTime() + step * 30_000)),
      ),
    );
    const wrong = valid.has('000000') ? '999999' : '000000';
    const ip = '198.51.100.77';
    // The attacker knows the marketing operator's password: 4 wrong codes, then the password
    // again (a fresh challenge, and the password's own pair cleared), and so on.
    const answers: string[] = [];
    let checked = 0;
    for (let round = 0; round < 20; round++) {
      const first = await t.call('POST', '/api/operator/login', {
        body: { username: 'marketing', password: t.config.operatorPassword },
        ip,
      });
      const challenge = first.json<{ challenge?: string; message?: string }>();
      if (!challenge.challenge) {
        answers.push(`password ${challenge.message}`);
        continue;
      }
      for (let i = 0; i < maxFailures - 1; i++) {
        const res = await t.call('POST', '/api/operator/login/totp', {
          body: { challenge: challenge.challenge, code: wrong },
          ip,
        });
        const message = res.json<{ message: string }>().message;
        if (message === 'OTP_CODE_INVALID') checked++;
        answers.push(message);
      }
    }
    // Codes reach the check LOGIN_MAX_FAILURES times from this address, then both steps are
    // refused (429) until the lock ends: the account's bar (for everyone) is never reached.
    expect(checked).toBe(maxFailures);
    expect(checked).toBeLessThan(accountMaxFailures);
    expect(answers.at(-1)).toBe('password REQUEST_LIMIT');
    // The owner from another address still signs in: the account is not locked.
    t.clock.advance(60_000);
    const owner = await t.call('POST', '/api/operator/login', {
      body: { username: 'marketing', password: t.config.operatorPassword },
      ip: '192.0.2.10',
    });
    expect(owner.statusCode).toBe(200);
    const code = totpNow(t.config.operatorDemoTotpSecret, t.clock.now());
    const done = await t.call('POST', '/api/operator/login/totp', {
      body: { challenge: owner.json<{ challenge: string }>().challenge, code },
      ip: '192.0.2.10',
    });
    expect(done.statusCode, done.body).toBe(200);
    console.log(
      `T10 operator codes [${t.dialect}]: password + ${maxFailures - 1} wrong codes, 20 rounds ` +
        `from one address -> ${checked} codes checked (bar ${maxFailures}; account bar ` +
        `${accountMaxFailures} not reached); the owner elsewhere signs in`,
    );
  });
});
