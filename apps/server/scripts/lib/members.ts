// Members for load scripts through the public API: register (registerOTP off), sign in, read
// the member number, fund the wallet with an operator adjustment, open game accounts.
import { randomUUID } from 'node:crypto';
import { MAX_AMOUNT_BAHT } from '@wallet/contract';
import { signInOperatorWith } from '../../test/operator-sign-in';
import type { HttpClient } from './http-client';

export interface LoadMember {
  phone: string;
  token: string;
  memberNo: string;
  accountNo: string;
}

export async function operatorSession(client: HttpClient, password: string): Promise<string> {
  const token = await signInOperatorWith((path, body) => client.call('POST', path, { body }), {
    username: 'admin',
    password,
  });
  const otp = await client.call('PUT', '/api/operator/settings/registerOTP', {
    token,
    body: { registerOTP: false },
  });
  if (otp.status !== 200) throw new Error(`registerOTP off: ${otp.text}`);
  // Load scripts fund and adjust at once: no four-eyes wait (decision 0089).
  const threshold = await client.call('PUT', '/api/operator/adjustments/threshold', {
    token,
    body: { threshold: MAX_AMOUNT_BAHT },
  });
  if (threshold.status !== 200) throw new Error(`threshold: ${threshold.text}`);
  return token;
}

export async function pool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Creates `count` funded members (baht each) with an account at every code given. */
export async function createMembers(
  client: HttpClient,
  operator: string,
  count: number,
  options: { fundBaht: number; games: readonly string[]; concurrency?: number },
): Promise<LoadMember[]> {
  const prefix = String(10 + (process.pid % 89)).padStart(2, '0');
  const members: LoadMember[] = Array.from({ length: count }, (_, i) => ({
    phone: `08${prefix}${String(i).padStart(6, '0')}`,
    token: '',
    memberNo: '',
    accountNo: `7${prefix}${String(i).padStart(7, '0')}`,
  }));
  await pool(members, options.concurrency ?? 16, async (m) => {
    const reg = await client.call('POST', '/api/account', {
      body: {
        name: 'Load Member',
        username: m.phone,
        password: 'load-password',
        bankCode: 'SCB',
        bankAccountName: 'LOAD MEMBER',
        bankAccountNo: m.accountNo,
      },
    });
    if (reg.status !== 200) throw new Error(`register ${m.phone}: ${reg.text}`);
    const login = await client.call('POST', '/api/login', {
      body: { username: m.phone, password: 'load-password' },
    });
    m.token = String(login.body.token);
    const profile = await client.call('GET', '/api/account/profile', { token: m.token });
    m.memberNo = String((profile.body.profile as { _id: string })._id);
    if (options.fundBaht > 0) {
      const funded = await client.call('POST', '/api/operator/adjustments', {
        token: operator,
        key: `fund-${randomUUID()}`,
        body: {
          memberId: m.memberNo,
          amount: options.fundBaht,
          direction: 'credit',
          reason: 'load',
        },
      });
      if (funded.status !== 200) throw new Error(`fund: ${funded.text}`);
    }
    for (const code of options.games) {
      const activated = await client.call('GET', `/api/wallet/activate/${code}`, {
        token: m.token,
      });
      if (activated.status !== 200) throw new Error(`activate ${code}: ${activated.text}`);
    }
  });
  return members;
}
