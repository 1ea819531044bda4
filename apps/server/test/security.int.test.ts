// reliability.md T9 (authorization matrix) and T10 (login and OTP brute force) for the
// endpoints of issue 2. T10 prints its figures as one line each for the lead's note.
import { allEndpoints } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { forEachDialect, uniqueAccountNo, uniquePhone } from './helpers';
import { startTestRedis } from './chat-socket-support';
import { startSecondProcess } from './second-process';

const tally = (answers: string[]) =>
  answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a]: (acc[a] ?? 0) + 1 }), {});

forEachDialect('T9 authorization matrix', (get) => {
  it('refuses every caller without the right access, and answers 100% of refusals alike', async () => {
    const t = get();
    const phoneA = uniquePhone();
    const memberA = await t.registerMember({ username: phoneA, password: 'password-a' });
    const operator = await t.freshOperatorSession();
    const operatorSession = () => t.freshOperatorSession();
    const callers = { anonymous: undefined, member: memberA, operator } as const;
    let refused = 0;
    let expectedRefusals = 0;
    const bodies: string[] = [];
    for (const { def } of allEndpoints().filter((e) => e.def.milestone === 2)) {
      for (const [caller, token] of Object.entries(callers)) {
        const allowed = def.access === 'public' || def.access === caller;
        // Allowed callers send an empty body: validation refuses it, so nothing changes.
        // Logouts get a throwaway session so the matrix keeps its member and operator tokens.
        const callToken =
          def.path === '/api/logout' && caller === 'member'
            ? await t.login(phoneA, 'password-a')
            : def.path === '/api/operator/logout' && caller === 'operator'
              ? await operatorSession()
              : token;
        const res = await t.call(def.method, def.path, {
          ...(callToken ? { token: callToken } : {}),
          ...(def.body ? { body: {} } : {}),
        });
        bodies.push(res.body);
        const label = `${caller} ${def.method} ${def.path}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expectedRefusals++;
          const status = caller === 'anonymous' ? 401 : 403;
          expect([res.statusCode, res.json(), label]).toEqual([
            status,
            { message: 'UNAUTHORIZED' },
            label,
          ]);
          refused++;
        }
      }
    }
    expect(refused).toBe(expectedRefusals);
    expect(expectedRefusals).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toMatch(/password_hash|\$argon2|token_hash/);
  });

  it('lets profile, bank name, password change and logout touch only the caller', async () => {
    const t = get();
    const phoneA = uniquePhone();
    const phoneB = uniquePhone();
    const accountB = uniqueAccountNo();
    const tokenA = await t.registerMember({
      username: phoneA,
      password: 'password-a',
      name: 'Member A',
    });
    const tokenB = await t.registerMember({
      username: phoneB,
      password: 'password-b',
      name: 'Member B',
      bankCode: 'KTB',
      bankAccountName: 'MEMBER BEE',
      bankAccountNo: accountB,
    });
    const profileOf = async (token: string) =>
      (await t.call('GET', '/api/account/profile', { token })).json<{
        profile: { _id: string; username: string; name: string };
        bankAccount: { bankCode: string; bankAccountName: string; bankAccountNo: string };
      }>();
    const beforeB = await profileOf(tokenB);

    // Extra fields naming another member or privileges are refused outright.
    for (const extra of [
      { _id: beforeB.profile._id },
      { username: phoneB },
      { memberId: beforeB.profile._id },
      { role: 'operator' },
      { coin: 999 },
      { status: 'active' },
    ]) {
      const res = await t.call('PUT', '/api/account/profile', {
        token: tokenA,
        body: {
          name: 'Hijack',
          bankCode: 'SCB',
          bankAccountName: 'HIJACK',
          bankAccountNo: uniqueAccountNo(),
          ...extra,
        },
      });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    // A's own changes land on A only (the payout account itself only changes through an
    // operator: decision 0019).
    const ownA = (await t.call('GET', '/api/account/profile', { token: tokenA })).json<{
      bankAccount: { bankCode: string; bankAccountNo: string };
    }>().bankAccount;
    expect(
      (
        await t.call('PUT', '/api/account/profile', {
          token: tokenA,
          body: {
            name: 'A Renamed',
            bankCode: ownA.bankCode,
            bankAccountName: 'A RENAMED',
            bankAccountNo: ownA.bankAccountNo,
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call('PUT', '/api/account/bankAccountName', {
          token: tokenA,
          body: { bankCode: ownA.bankCode, bankAccountName: 'ANOTHER NAME' },
        })
      ).statusCode,
    ).toBe(200);
    // B's account number cannot be taken over through A's profile.
    const steal = await t.call('PUT', '/api/account/profile', {
      token: tokenA,
      body: { name: 'A', bankCode: 'KTB', bankAccountName: 'AAA BBB', bankAccountNo: accountB },
    });
    expect(steal.json()).toEqual({ message: 'INVALID_BANK' });
    expect(
      (
        await t.call('PUT', '/api/account/changepwd', {
          token: tokenA,
          body: { oldPassword: 'password-a', newPassword: 'password-a2' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('POST', '/api/logout', { token: tokenA })).statusCode).toBe(200);

    const afterB = await profileOf(tokenB);
    expect(afterB).toEqual(beforeB);
    expect(await t.login(phoneB, 'password-b')).toBeTruthy();
    const answerA = await t.call('GET', '/api/account/profile', {
      token: await t.login(phoneA, 'password-a2'),
    });
    expect(answerA.json<{ profile: { username: string } }>().profile.username).toBe(phoneA);
    expect(answerA.body).not.toContain(phoneB);
    expect(answerA.body).not.toContain(accountB);
    expect(Object.keys(answerA.json<object>()).sort()).toEqual(['bankAccount', 'profile']);
    expect(Object.keys(answerA.json<{ profile: object }>().profile).sort()).toEqual([
      '_id',
      'coin',
      'createdAt',
      'name',
      'username',
    ]);
  });
});

forEachDialect('T10 abuse', (get) => {
  it('1,000 wrong passwords on one account: throttled at the documented limits, 0 successes', async () => {
    const t = get();
    const phone = uniquePhone();
    await t.registerMember({ username: phone, password: 'the-right-one' });
    const { maxFailures, accountMaxFailures, lockMinutes } = t.config.loginThrottle;

    // A distributed attacker (a new IP each time) meets only the per-account bar (decision
    // 0050: 10 times the per-IP one). The right password is in the list at position 500: the
    // lock refuses it too.
    const distributed: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const res = await t.call('POST', '/api/login', {
        body: { username: phone, password: i === 500 ? 'the-right-one' : `guess-${i}` },
        ip: `10.${Math.floor(i / 250)}.${i % 250}.1`,
      });
      distributed.push(res.json<{ message?: string; token?: string }>().message ?? 'TOKEN');
    }
    const spread = tally(distributed);
    expect(spread).toEqual({
      WRONG_CREDENTIAL: accountMaxFailures,
      REQUEST_LIMIT: 1000 - accountMaxFailures,
    });

    // One IP with the production per-IP limit: its lock on the account, then
    // REQUEST_LIMIT_1MIN.
    const defaults = loadConfig({ NODE_ENV: 'test' });
    const app = await t.rebuild({ rateLimit: defaults.rateLimit });
    const victim = uniquePhone();
    await t.registerMember({ username: victim, password: 'the-right-one' });
    const single: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-wallet-user': 'member' },
        payload: { username: victim, password: `guess-${i}` },
        remoteAddress: '203.0.113.7',
      });
      single.push(res.json<{ message?: string }>().message ?? 'TOKEN');
    }
    const oneIp = tally(single);
    expect(oneIp).toEqual({
      WRONG_CREDENTIAL: maxFailures,
      REQUEST_LIMIT: defaults.rateLimit.loginPerMin - maxFailures,
      REQUEST_LIMIT_1MIN: 1000 - defaults.rateLimit.loginPerMin,
    });
    console.log(
      `T10 login [${t.dialect}]: 1000 guesses from 1000 IPs -> ${JSON.stringify(spread)}, ` +
        `1000 guesses from 1 IP -> ${JSON.stringify(oneIp)}; 0 successful logins ` +
        `(lock after ${maxFailures} failures per IP and account, ${accountMaxFailures} per account, ` +
        `for ${lockMinutes} min; ${defaults.rateLimit.loginPerMin}/min per IP)`,
    );
  });

  it('OTP brute force: 0 successful guesses, at most 25 guesses per phone per hour', async () => {
    const t = get();
    const phone = uniquePhone();
    const guesses: string[] = [];
    let sends = 0;
    const sendAnswers: string[] = [];
    // The attacker re-sends as often as allowed within one hour and guesses each token.
    for (let round = 0; round < 7; round++) {
      const sent = await t.call('POST', '/api/otp/send', { body: { phoneNumber: phone } });
      const answer = sent.json<{ otpToken?: string; message?: string; code?: string }>();
      sendAnswers.push(answer.message ?? answer.code ?? '?');
      if (sent.statusCode === 200 && answer.otpToken) {
        sends++;
        const real = t.sms.lastCode(phone);
        // Guess sequentially, skipping the real code so the figure cannot be luck.
        let candidate = 0;
        for (let i = 0; i < 200; i++) {
          let code = String(candidate++).padStart(6, '0');
          if (code === real) code = String(candidate++).padStart(6, '0');
          const res = await t.call('POST', '/api/otp/verify', {
            body: { otpToken: answer.otpToken, otpCode: code },
          });
          guesses.push(res.json<{ message: string }>().message);
        }
      }
      t.clock.advance(61_000);
    }
    const spread = tally(guesses);
    const checked = spread.OTP_CODE_INVALID ?? 0;
    expect(spread.OTP_CODE_VALID).toBeUndefined();
    expect(sends).toBe(t.config.otp.maxPerHour);
    expect(sendAnswers.slice(-2)).toEqual(['OTP_BLOCK', 'OTP_BLOCK']);
    // Per token: 4 invalid answers, then the 5th wrong code burns it.
    expect(checked).toBe(sends * (t.config.otp.maxWrongCodes - 1));
    expect(spread.OTP_BLOCK).toBe(guesses.length - checked);
    const verified = await t.db
      .selectFrom('otp_requests')
      .select('id')
      .where('phone', '=', phone)
      .where('used_at', 'is not', null)
      .executeTakeFirst();
    expect(verified).toBeUndefined();
    console.log(
      `T10 OTP [${t.dialect}]: ${guesses.length} guesses over ${sends} tokens -> ${JSON.stringify(spread)}; ` +
        `0 successful; sends in one hour -> ${JSON.stringify(tally(sendAnswers))}; ` +
        `at most ${sends * t.config.otp.maxWrongCodes} codes checked per phone per hour`,
    );
  });
});

describe('T10 per-IP OTP and registration limits', () => {
  forEachDialect('per-IP', (get) => {
    it('answers REQUEST_LIMIT_1MIN past the per-IP limit on OTP and registration', async () => {
      const t = get();
      const limits = { loginPerMin: 5, otpPerMin: 5, registerPerMin: 5 };
      const app = await t.rebuild({ rateLimit: limits });
      for (const url of [
        '/api/otp/send',
        '/api/otp/verify',
        '/api/account/validate',
        '/api/account',
      ]) {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const res = await app.inject({
            method: 'POST',
            url,
            headers: { 'x-wallet-user': 'member' },
            payload: {},
            remoteAddress: '198.51.100.9',
          });
          statuses.push(res.statusCode);
          if (i === 6) expect(res.json(), url).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
        }
        expect(statuses, url).toEqual([400, 400, 400, 400, 400, 429, 429]);
      }
    });

    it('a spoofed X-Forwarded-For passes the per-IP limit only with TRUST_PROXY=true (refused in production)', async () => {
      const t = get();
      const limits = { loginPerMin: 5, otpPerMin: 5, registerPerMin: 5 };
      const tally7 = async (trustProxy: boolean | number | string[]) => {
        const app = await t.rebuild({ rateLimit: limits, trustProxy });
        const statuses: number[] = [];
        const real = `198.51.100.${(process.pid % 200) + 20}`;
        for (let i = 0; i < 7; i++) {
          // The proxy (127.0.0.9) appends the address it saw; the client wrote the rest.
          const res = await app.inject({
            method: 'POST',
            url: '/api/otp/send',
            headers: { 'x-wallet-user': 'member', 'x-forwarded-for': `10.9.8.${i}, ${real}` },
            payload: {},
            remoteAddress: '127.0.0.9',
          });
          statuses.push(res.statusCode);
        }
        await app.close();
        return statuses.join(' ');
      };
      const answers = {
        true: await tally7(true),
        hops: await tally7(1),
        list: await tally7(['127.0.0.9']),
      };
      console.log(`T10 spoofed X-Forwarded-For [${t.dialect}]: ${JSON.stringify(answers)}`);
      expect(answers).toEqual({
        // Every request names a new address: the limit never applies.
        true: '400 400 400 400 400 400 400',
        hops: '400 400 400 400 400 429 429',
        list: '400 400 400 400 400 429 429',
      });
    });

    it('holds one per-IP limit across two server processes (database, Redis: decision 0103)', async () => {
      const t = get();
      const redis = await startTestRedis();
      try {
        for (const counters of ['database', 'redis'] as const) {
          const overrides = {
            rateLimit: { loginPerMin: 5, otpPerMin: 5, registerPerMin: 5 },
            shared: { ...t.config.shared, counters },
            chat: { ...t.config.chat, redisUrl: redis.url },
          };
          const processes = [
            await startSecondProcess(t, overrides),
            await startSecondProcess(t, overrides),
          ];
          const ip = `203.0.113.${(process.pid + Date.now()) % 250}`;
          try {
            // Seven requests from one address, alternating between the two processes.
            const statuses: number[] = [];
            for (let i = 0; i < 7; i++) {
              const res = await processes[i % 2]!.app.inject({
                method: 'POST',
                url: '/api/otp/send',
                headers: { 'x-wallet-user': 'member' },
                payload: {},
                remoteAddress: ip,
              });
              statuses.push(res.statusCode);
            }
            console.log(
              `T10 per-IP across 2 processes [${t.dialect}, ${counters}]: ${statuses.join(' ')}`,
            );
            expect(statuses, counters).toEqual([400, 400, 400, 400, 400, 429, 429]);
          } finally {
            for (const p of processes) await p.close();
          }
        }
      } finally {
        await redis.stop();
      }
    });
  });
});
