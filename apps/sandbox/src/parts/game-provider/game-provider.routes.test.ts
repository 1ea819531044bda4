import { providerCodes } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';
import { loadConfig } from '../../config.js';

const KEY = 'test-key';
let app: FastifyInstance;
let clock = Date.UTC(2026, 10, 22, 4, 0, 0);

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 4, 0, 0);
  app = await buildSandbox({ config: { apiKey: KEY }, now: () => new Date(clock) });
});
afterEach(() => app.close());

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, url: string, payload?: unknown, key: string | null = KEY) {
  return app.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-sandbox-key': key },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function open(
  code: string,
  memberRef = '10001',
): Promise<{ username: string; password: string }> {
  const res = await call('POST', `/provider/${code}/accounts`, { memberRef });
  expect(res.statusCode).toBe(201);
  return res.json();
}

function transfer(code: string, body: Record<string, unknown>) {
  return call('POST', `/provider/${code}/transfers`, body);
}

async function balance(code: string, username: string): Promise<number> {
  const res = await call('GET', `/provider/${code}/accounts/${username}`);
  expect(res.statusCode).toBe(200);
  return res.json().balance;
}

describe('the key and the provider code', () => {
  it.each([
    ['POST', '/provider/JOKER/accounts', { memberRef: '1' }],
    ['GET', '/provider/JOKER/accounts', undefined],
    ['GET', '/provider/JOKER/accounts/joker000001', undefined],
    ['POST', '/provider/JOKER/accounts/joker000001/password', undefined],
    ['POST', '/provider/JOKER/transfers', { ref: 'r', username: 'u', direction: 'in', amount: 1 }],
    ['GET', '/provider/JOKER/transfers/r', undefined],
    ['POST', '/provider/JOKER/launch', { username: 'u' }],
    ['GET', '/provider/JOKER/ledger', undefined],
    ['GET', '/provider/JOKER/accounts/joker000001/bets?since=2026-11-22T04:00:00Z', undefined],
    ['POST', '/provider/JOKER/accounts/joker000001/play', { rounds: 1, bet: 100 }],
    ['GET', '/provider/faults', undefined],
    ['PUT', '/provider/faults', { http500: 1 }],
  ] as const)('%s %s needs the key (401, nothing changes)', async (method, url, payload) => {
    for (const key of [null, 'wrong']) {
      const res = await call(method, url, payload, key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'INVALID_SANDBOX_KEY' });
    }
    expect(app.sandbox.gameProvider.listAccounts()).toEqual([]);
    expect(app.sandbox.gameProvider.faults.active).toBe(false);
  });

  it('answers every one of the sixteen contract codes and 404s any other', async () => {
    expect(providerCodes).toHaveLength(16);
    for (const code of providerCodes) {
      const res = await call('POST', `/provider/${code}/accounts`, { memberRef: 'm' });
      expect(res.statusCode).toBe(201);
      expect(res.json().username).toBe(`${code.toLowerCase()}000001`);
    }
    for (const url of ['/provider/NOPE/accounts', '/provider/joker/accounts']) {
      const res = await call('POST', url, { memberRef: 'm' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'UNKNOWN_PROVIDER' });
    }
    expect((await call('GET', '/provider/NOPE/ledger')).statusCode).toBe(404);
  });
});

describe('accounts', () => {
  it('opens an account idempotently on memberRef, per code', async () => {
    const first = await call('POST', '/provider/JOKER/accounts', { memberRef: '10001' });
    expect(first.statusCode).toBe(201);
    expect(Object.keys(first.json()).sort()).toEqual(['password', 'username']);
    expect(first.json().password).toMatch(/^[A-Za-z0-9]{10}$/);
    const again = await call('POST', '/provider/JOKER/accounts', { memberRef: '10001' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await open('JOKER', '10002');
    expect(other.username).not.toBe(first.json().username);
    const list = await call('GET', '/provider/JOKER/accounts');
    expect(list.json()).toEqual([
      {
        username: 'joker000001',
        memberRef: '10001',
        balance: 0,
        createdAt: '2026-11-22T04:00:00.000Z',
      },
      {
        username: 'joker000002',
        memberRef: '10002',
        balance: 0,
        createdAt: '2026-11-22T04:00:00.000Z',
      },
    ]);
    expect((await call('GET', '/provider/PG/accounts')).json()).toEqual([]);
  });

  it.each([
    ['no memberRef', {}],
    ['an unknown field', { memberRef: '1', balance: 100 }],
    ['a memberRef with spaces', { memberRef: 'a b' }],
    ['a number', { memberRef: 10001 }],
  ])('refuses %s with 400 INVALID_BODY', async (_name, payload) => {
    const res = await call('POST', '/provider/JOKER/accounts', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_BODY');
    expect(res.json().issues.length).toBeGreaterThan(0);
    expect(app.sandbox.gameProvider.listAccounts()).toEqual([]);
  });

  it('answers bad JSON with a 400 in the provider error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/provider/JOKER/accounts',
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      payload: '{"memberRef":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('resets a password (no body or {}), and the old one stops working for launch', async () => {
    const { username, password } = await open('ASKMEBET');
    const reset = await call('POST', `/provider/ASKMEBET/accounts/${username}/password`);
    expect(reset.statusCode).toBe(200);
    const next = reset.json().password as string;
    expect(next).not.toBe(password);
    const viaEmpty = await call('POST', `/provider/ASKMEBET/accounts/${username}/password`, {});
    expect(viaEmpty.statusCode).toBe(200);
    const latest = viaEmpty.json().password as string;
    expect(
      (await call('POST', '/provider/ASKMEBET/launch', { username, password: next })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/provider/ASKMEBET/launch', { username, password: latest })).statusCode,
    ).toBe(200);
    const bad = await call('POST', `/provider/ASKMEBET/accounts/${username}/password`, {
      password: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', '/provider/ASKMEBET/accounts/ghost/password');
    expect(unknown.statusCode).toBe(404);
  });

  it('reads a balance in satang', async () => {
    const { username } = await open('PG');
    const res = await call('GET', `/provider/PG/accounts/${username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username, balance: 0 });
  });
});

describe('unknown usernames', () => {
  it.each(['AREASLOT', 'UFABET'])(
    '%s answers 404 USER_NOT_FOUND on balance, transfer and launch',
    async (code) => {
      const expected = { error: 'USER_NOT_FOUND' };
      const bal = await call('GET', `/provider/${code}/accounts/ghost`);
      expect([bal.statusCode, bal.json()]).toEqual([404, expected]);
      const tr = await transfer(code, {
        ref: 'r',
        username: 'ghost',
        direction: 'in',
        amount: 100,
      });
      expect([tr.statusCode, tr.json()]).toEqual([404, expected]);
      const launch = await call('POST', `/provider/${code}/launch`, { username: 'ghost' });
      expect([launch.statusCode, launch.json()]).toEqual([404, expected]);
      expect((await call('GET', `/provider/${code}/transfers/r`)).json().status).toBe('NOT_FOUND');
    },
  );

  it('other codes answer 404 ACCOUNT_NOT_FOUND', async () => {
    const others = providerCodes.filter((c) => c !== 'AREASLOT' && c !== 'UFABET');
    expect(others).toHaveLength(14);
    for (const code of others) {
      const bal = await call('GET', `/provider/${code}/accounts/ghost`);
      expect([bal.statusCode, bal.json()]).toEqual([404, { error: 'ACCOUNT_NOT_FOUND' }]);
    }
    const tr = await transfer('JOKER', {
      ref: 'r',
      username: 'ghost',
      direction: 'out',
      amount: 1,
    });
    expect([tr.statusCode, tr.json()]).toEqual([404, { error: 'ACCOUNT_NOT_FOUND' }]);
    const launch = await call('POST', '/provider/JOKER/launch', { username: 'ghost' });
    expect(launch.statusCode).toBe(404);
  });

  it('a username of another code is unknown here', async () => {
    const { username } = await open('UFABET');
    expect((await call('GET', `/provider/AREASLOT/accounts/${username}`)).statusCode).toBe(404);
    expect((await call('GET', `/provider/UFABET/accounts/${username}`)).statusCode).toBe(200);
  });
});

describe('transfers', () => {
  it('credits in, debits out and rejects an overdraw with the balance', async () => {
    const { username } = await open('JOKER');
    const tin = await transfer('JOKER', { ref: 'in-1', username, direction: 'in', amount: 10_050 });
    expect(tin.statusCode).toBe(200);
    expect(tin.json()).toEqual({ ref: 'in-1', status: 'APPLIED', balance: 10_050 });
    const tout = await transfer('JOKER', { ref: 'out-1', username, direction: 'out', amount: 50 });
    expect(tout.json()).toEqual({ ref: 'out-1', status: 'APPLIED', balance: 10_000 });
    const short = await transfer('JOKER', {
      ref: 'out-2',
      username,
      direction: 'out',
      amount: 10_001,
    });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({
      ref: 'out-2',
      status: 'REJECTED',
      balance: 10_000,
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect(await balance('JOKER', username)).toBe(10_000);
  });

  it('is exactly once by ref: same body = first answer, other body = 409', async () => {
    const { username } = await open('JOKER');
    const body = { ref: 'once', username, direction: 'in', amount: 700 };
    const first = await transfer('JOKER', body);
    await transfer('JOKER', { ...body, ref: 'twice' });
    const again = await transfer('JOKER', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const changed of [{ amount: 701 }, { direction: 'out' }]) {
      const conflict = await transfer('JOKER', { ...body, ...changed });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ error: 'REF_CONFLICT' });
    }
    expect(await balance('JOKER', username)).toBe(1400);
  });

  it('applies 50 concurrent identical requests exactly once', async () => {
    const { username } = await open('SLOTXO');
    const body = { ref: 'race-1', username, direction: 'in', amount: 12_345 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => transfer('SLOTXO', body)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ref: 'race-1', status: 'APPLIED', balance: 12_345 });
    }
    expect(await balance('SLOTXO', username)).toBe(12_345);
    const ledger = (await call('GET', '/provider/SLOTXO/ledger')).json();
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.totals.transfersIn).toBe(12_345);
  });

  it('never overdraws under 50 concurrent withdrawals of the full balance', async () => {
    const { username } = await open('SLOTXO');
    await transfer('SLOTXO', { ref: 'fund', username, direction: 'in', amount: 5000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transfer('SLOTXO', { ref: `drain-${i}`, username, direction: 'out', amount: 5000 }),
      ),
    );
    const statuses = answers.map((res) => res.json().status);
    expect(statuses.filter((s) => s === 'APPLIED')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'REJECTED')).toHaveLength(49);
    expect(await balance('SLOTXO', username)).toBe(0);
  });

  it.each([
    ['a fractional amount', { amount: 10.5 }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['an amount as a string', { amount: '100' }],
    ['an absurd amount', { amount: 1_000_000_001 }],
    ['an unknown direction', { direction: 'sideways' }],
    ['an extra field', { balance: 1 }],
    ['a ref that is too long', { ref: 'r'.repeat(65) }],
    ['a missing ref', { ref: undefined }],
  ])('refuses %s with 400 and applies nothing', async (_name, change) => {
    const { username } = await open('PG');
    const res = await transfer('PG', {
      ref: 'bad',
      username,
      direction: 'in',
      amount: 100,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_BODY');
    expect(await balance('PG', username)).toBe(0);
    expect((await call('GET', '/provider/PG/transfers/bad')).json().status).toBe('NOT_FOUND');
  });

  it('reports the status of a ref', async () => {
    const { username } = await open('IMI');
    await transfer('IMI', { ref: 'st-1', username, direction: 'in', amount: 300 });
    await transfer('IMI', { ref: 'st-2', username, direction: 'out', amount: 301 });
    expect((await call('GET', '/provider/IMI/transfers/st-1')).json()).toEqual({
      ref: 'st-1',
      status: 'APPLIED',
      username,
      direction: 'in',
      amount: 300,
      balance: 300,
      createdAt: '2026-11-22T04:00:00.000Z',
    });
    expect((await call('GET', '/provider/IMI/transfers/st-2')).json()).toMatchObject({
      status: 'REJECTED',
      direction: 'out',
      amount: 301,
      reason: 'INSUFFICIENT_BALANCE',
    });
    const missing = await call('GET', '/provider/IMI/transfers/never');
    expect([missing.statusCode, missing.json()]).toEqual([
      200,
      { ref: 'never', status: 'NOT_FOUND' },
    ]);
    expect((await call('GET', '/provider/JOKER/transfers/st-1')).json().status).toBe('NOT_FOUND');
    expect((await call('GET', '/provider/IMI/transfers/has%20space')).statusCode).toBe(400);
  });
});

describe('launch', () => {
  it('hands out a one-time link on the address the caller used', async () => {
    const { username } = await open('PGSLOT');
    const res = await call('POST', '/provider/PGSLOT/launch', { username });
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatch(/^http:\/\/localhost:80\/play\/[A-Za-z0-9_-]{32}$/);
    expect(res.json().expiresAt).toBe('2026-11-22T04:02:00.000Z');
    const second = await call('POST', '/provider/PGSLOT/launch', { username });
    expect(second.json().link).not.toBe(res.json().link);
    expect((await call('POST', '/provider/PGSLOT/launch', { username, extra: 1 })).statusCode).toBe(
      400,
    );
  });

  it('uses SANDBOX_PUBLIC_URL for the link when set', async () => {
    const config = loadConfig({
      SANDBOX_API_KEY: KEY,
      SANDBOX_PUBLIC_URL: 'http://192.168.1.20:3100/',
    });
    expect(config.publicUrl).toBe('http://192.168.1.20:3100');
    expect(() => loadConfig({ SANDBOX_PUBLIC_URL: 'ftp://x' })).toThrow(/SANDBOX_PUBLIC_URL/);
    const other = await buildSandbox({ config });
    try {
      const account = await other.inject({
        method: 'POST',
        url: '/provider/HUAYHD/accounts',
        headers: { 'x-sandbox-key': KEY },
        payload: { memberRef: 'm' },
      });
      const res = await other.inject({
        method: 'POST',
        url: '/provider/HUAYHD/launch',
        headers: { 'x-sandbox-key': KEY },
        payload: { username: account.json().username },
      });
      expect(res.json().link).toMatch(/^http:\/\/192\.168\.1\.20:3100\/play\//);
    } finally {
      await other.close();
    }
  });
});

describe('ledger', () => {
  it('lists applied transfers and rounds with balances and totals, paged', async () => {
    const { username } = await open('CIRCUS');
    for (let i = 1; i <= 5; i += 1) {
      await transfer('CIRCUS', { ref: `l-${i}`, username, direction: 'in', amount: i * 100 });
    }
    await transfer('CIRCUS', { ref: 'l-out', username, direction: 'out', amount: 250 });
    await transfer('CIRCUS', { ref: 'l-no', username, direction: 'out', amount: 999_999 });
    const first = await call('GET', '/provider/CIRCUS/ledger?limit=4');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.code).toBe('CIRCUS');
    expect(page.entries.map((e: { ref: string }) => e.ref)).toEqual(['l-1', 'l-2', 'l-3', 'l-4']);
    expect(page.hasMore).toBe(true);
    const rest = (await call('GET', `/provider/CIRCUS/ledger?after=${page.nextAfter}`)).json();
    expect(rest.entries.map((e: { ref: string; balance: number }) => [e.ref, e.balance])).toEqual([
      ['l-5', 1500],
      ['l-out', 1250],
    ]);
    expect(rest.totals).toEqual({
      accounts: 1,
      balance: 1250,
      transfersIn: 1500,
      transfersOut: 250,
      bets: 0,
      wins: 0,
    });
    expect(
      (await call('GET', `/provider/CIRCUS/ledger?username=${username}`)).json().entries,
    ).toHaveLength(6);
    for (const bad of ['limit=0', 'limit=10001', 'after=-1', 'page=2']) {
      const res = await call('GET', `/provider/CIRCUS/ledger?${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('INVALID_QUERY');
    }
  });
});

describe('bet report (decision 0076)', () => {
  const bets = (code: string, username: string, query: string) =>
    call('GET', `/provider/${code}/accounts/${username}/bets?${query}`);
  const play = (code: string, username: string, body: Record<string, unknown>) =>
    call('POST', `/provider/${code}/accounts/${username}/play`, body);

  it('answers bets, wins and rounds in satang at or after since and before until', async () => {
    const { username } = await open('AREASLOT');
    await transfer('AREASLOT', { ref: 'b-1', username, direction: 'in', amount: 10_000 });
    const t0 = new Date(clock).toISOString(); // 04:00:00.000Z
    expect(
      (await play('AREASLOT', username, { rounds: 3, bet: 100, outcome: 'lose' })).json(),
    ).toMatchObject({ rounds: 3 });
    clock += 1;
    const t1 = new Date(clock).toISOString(); // 04:00:00.001Z
    await play('AREASLOT', username, { rounds: 2, bet: 1000, outcome: 'win' });
    clock += 60_000;

    const all = await bets('AREASLOT', username, `since=${t0}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ bets: 2300, wins: 3000, rounds: 5 });
    // since is inclusive, until exclusive, to the millisecond.
    expect((await bets('AREASLOT', username, `since=${t0}&until=${t1}`)).json()).toEqual({
      bets: 300,
      wins: 0,
      rounds: 3,
    });
    expect((await bets('AREASLOT', username, `since=${t1}`)).json()).toEqual({
      bets: 2000,
      wins: 3000,
      rounds: 2,
    });
    expect((await bets('AREASLOT', username, `since=${t0}&until=${t0}`)).json()).toEqual({
      bets: 0,
      wins: 0,
      rounds: 0,
    });
    // An offset is read as the instant it names: 11:00:00.001+07:00 is t1.
    expect(
      (
        await bets(
          'AREASLOT',
          username,
          `since=${encodeURIComponent('2026-11-22T11:00:00.001+07:00')}`,
        )
      ).json(),
    ).toEqual({ bets: 2000, wins: 3000, rounds: 2 });
    // An account that never played reports zeros.
    const other = await open('AREASLOT', '10002');
    expect((await bets('AREASLOT', other.username, `since=${t0}`)).json()).toEqual({
      bets: 0,
      wins: 0,
      rounds: 0,
    });
  });

  it("404s an unknown account in the code's own error, and 400s a bad time", async () => {
    expect((await bets('AREASLOT', 'areaslot999999', 'since=2026-11-22T04:00:00Z')).json()).toEqual(
      {
        error: 'USER_NOT_FOUND',
      },
    );
    const pg = await bets('PG', 'pg000001', 'since=2026-11-22T04:00:00Z');
    expect([pg.statusCode, pg.json()]).toEqual([404, { error: 'ACCOUNT_NOT_FOUND' }]);
    const { username } = await open('AREASLOT');
    for (const bad of [
      '',
      'since=yesterday',
      'since=2026-11-22',
      'since=2026-11-22T04:00:00', // no offset: whose 04:00?
      'since=2026-13-01T00:00:00Z',
      'since=2026-11-22T04:00:00Z&until=2026-11-22T03:59:59Z',
      'since=2026-11-22T04:00:00Z&page=2',
    ]) {
      const res = await bets('AREASLOT', username, bad);
      expect([bad, res.statusCode, res.json().error]).toEqual([bad, 400, 'INVALID_QUERY']);
    }
  });
});

describe("the tester's play call (decision 0076)", () => {
  const play = (code: string, username: string, body: unknown) =>
    call('POST', `/provider/${code}/accounts/${username}/play`, body);

  it('plays N rounds and answers what they staked and paid, stopping when broke', async () => {
    const { username } = await open('UFABET');
    await transfer('UFABET', { ref: 'p-1', username, direction: 'in', amount: 2500 });
    const res = await play('UFABET', username, { rounds: 10_000, bet: 1000, outcome: 'lose' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rounds: 2,
      bets: 2000,
      wins: 0,
      balance: 500,
      stoppedEarly: true,
    });
    expect(await balance('UFABET', username)).toBe(500);
    const won = await play('UFABET', username, { rounds: 4, bet: 100, outcome: 'win' });
    expect(won.json()).toEqual({
      rounds: 4,
      bets: 400,
      wins: 600,
      balance: 700,
      stoppedEarly: false,
    });
    // The default outcome is the demo game's own draw.
    const drawn = await play('UFABET', username, { rounds: 1, bet: 100 });
    expect(drawn.json()).toMatchObject({ rounds: 1, bets: 100, stoppedEarly: false });
    const ledger = (await call('GET', `/provider/UFABET/ledger?username=${username}`)).json();
    expect(ledger.entries.filter((e: { type: string }) => e.type === 'ROUND')).toHaveLength(7);
  });

  it('validates the body and 404s an unknown account', async () => {
    const { username } = await open('UFABET');
    await transfer('UFABET', { ref: 'p-2', username, direction: 'in', amount: 2500 });
    for (const bad of [
      {},
      { rounds: 0, bet: 100 },
      { rounds: 10_001, bet: 100 },
      { rounds: 1.5, bet: 100 },
      { rounds: '5', bet: 100 },
      { rounds: 1, bet: 200 },
      { rounds: 1, bet: 1 },
      { rounds: 1, bet: 100, outcome: 'jackpot' },
      { rounds: 1, bet: 100, extra: true },
    ]) {
      const res = await play('UFABET', username, bad);
      expect([JSON.stringify(bad), res.statusCode, res.json().error]).toEqual([
        JSON.stringify(bad),
        400,
        'INVALID_BODY',
      ]);
    }
    expect(await balance('UFABET', username)).toBe(2500);
    const ghost = await play('UFABET', 'ufabet999999', { rounds: 1, bet: 100 });
    expect([ghost.statusCode, ghost.json()]).toEqual([404, { error: 'USER_NOT_FOUND' }]);
    const big = await app.inject({
      method: 'POST',
      url: `/provider/UFABET/accounts/${username}/play`,
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      payload: JSON.stringify({ rounds: 1, bet: 100, pad: 'x'.repeat(70 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('fault mode over inject', () => {
  const off = { noAnswer: 0, http500: 0, slow: 0, slowMs: 0, appliedAnswerLost: 0, duplicate: 0 };

  it('reads and sets the settings, refusing impossible ones', async () => {
    const initial = await call('GET', '/provider/faults');
    expect(initial.json()).toMatchObject({ ...off, seed: 1, active: false, drawn: 0 });
    const set = await call('PUT', '/provider/faults', {
      http500: 0.5,
      slow: 0.2,
      slowMs: 10,
      seed: 9,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      http500: 0.5,
      slow: 0.2,
      slowMs: 10,
      seed: 9,
      active: true,
    });
    expect((await call('GET', '/provider/faults')).json().http500).toBe(0.5);
    for (const bad of [
      { http500: 1.5 },
      { http500: 0.6, noAnswer: 0.6 },
      { slow: 0.1 },
      { seed: -1 },
      { slowMs: 1.5 },
      { chaos: 1 },
    ]) {
      const res = await call('PUT', '/provider/faults', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('INVALID_BODY');
    }
    const cleared = await call('PUT', '/provider/faults', { ...off, seed: 0 });
    expect(cleared.json().active).toBe(false);
  });

  it('http500 answers 500 without applying', async () => {
    const { username } = await open('USUN');
    await call('PUT', '/provider/faults', { http500: 1 });
    const res = await transfer('USUN', { ref: 'f-1', username, direction: 'in', amount: 100 });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'INTERNAL_ERROR' });
    expect((await call('GET', `/provider/USUN/accounts/${username}`)).statusCode).toBe(500);
    await call('PUT', '/provider/faults', off);
    expect((await call('GET', '/provider/USUN/transfers/f-1')).json().status).toBe('NOT_FOUND');
    expect(await balance('USUN', username)).toBe(0);
    // The re-send with the same ref then applies, once.
    expect(
      (await transfer('USUN', { ref: 'f-1', username, direction: 'in', amount: 100 })).json()
        .status,
    ).toBe('APPLIED');
    expect(await balance('USUN', username)).toBe(100);
  });

  it('slow applies and answers after slowMs', async () => {
    const { username } = await open('USUN');
    await call('PUT', '/provider/faults', { slow: 1, slowMs: 150 });
    const started = performance.now();
    const res = await transfer('USUN', { ref: 's-1', username, direction: 'in', amount: 100 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.json()).toEqual({ ref: 's-1', status: 'APPLIED', balance: 100 });
  });

  it('appliedAnswerLost applies the transfer but never answers', async () => {
    const { username } = await open('USUN');
    await call('PUT', '/provider/faults', { appliedAnswerLost: 1 });
    await expect(
      transfer('USUN', { ref: 'lost-1', username, direction: 'in', amount: 900 }),
    ).rejects.toThrow();
    await call('PUT', '/provider/faults', off);
    expect((await call('GET', '/provider/USUN/transfers/lost-1')).json().status).toBe('APPLIED');
    expect(await balance('USUN', username)).toBe(900);
    const resend = await transfer('USUN', {
      ref: 'lost-1',
      username,
      direction: 'in',
      amount: 900,
    });
    expect(resend.json()).toEqual({ ref: 'lost-1', status: 'APPLIED', balance: 900 });
    expect(await balance('USUN', username)).toBe(900);
  });

  it('duplicate re-delivers the request, and it still applies once', async () => {
    const { username } = await open('USUN');
    await call('PUT', '/provider/faults', { duplicate: 1 });
    for (let i = 0; i < 10; i += 1) {
      const res = await transfer('USUN', { ref: `d-${i}`, username, direction: 'in', amount: 100 });
      expect(res.json().status).toBe('APPLIED');
    }
    await new Promise((resolve) => setImmediate(resolve));
    const report = (await call('GET', '/provider/faults')).json();
    expect(report.duplicatesDelivered).toBe(10);
    expect(report.duplicatesApplied).toBe(0);
    await call('PUT', '/provider/faults', off);
    expect(await balance('USUN', username)).toBe(1000);
    expect((await call('GET', '/provider/USUN/ledger')).json().entries).toHaveLength(10);
  });

  it('leaves account opening, status, launch and ledger calls alone', async () => {
    await call('PUT', '/provider/faults', { http500: 1 });
    const { username } = await open('JOKER2');
    expect((await call('GET', '/provider/JOKER2/transfers/x')).statusCode).toBe(200);
    expect((await call('POST', '/provider/JOKER2/launch', { username })).statusCode).toBe(200);
    expect((await call('GET', '/provider/JOKER2/ledger')).statusCode).toBe(200);
    expect((await call('POST', `/provider/JOKER2/accounts/${username}/password`)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/provider/faults')).json().drawn).toBe(0);
  });

  it('gives the same outcomes for the same seed and request order', async () => {
    const settings = { http500: 0.3, duplicate: 0.2, slow: 0.1, slowMs: 5, seed: 1234 };
    async function run(target: FastifyInstance) {
      const inject = (method: Method, url: string, payload?: unknown) =>
        target.inject({
          method,
          url,
          headers: { 'x-sandbox-key': KEY },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      const { username } = (
        await inject('POST', '/provider/SUPERSLOT/accounts', { memberRef: 'm' })
      ).json();
      await inject('PUT', '/provider/faults', settings);
      const outcomes: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const res = await inject('POST', '/provider/SUPERSLOT/transfers', {
          ref: `det-${i}`,
          username,
          direction: 'in',
          amount: 100,
        });
        outcomes.push(`${res.statusCode}:${res.statusCode === 200 ? res.json().balance : '-'}`);
      }
      const faults = (await inject('GET', '/provider/faults')).json();
      return { outcomes, counts: faults.counts, recent: faults.recent };
    }
    const first = await run(app);
    const twin = await buildSandbox({ config: { apiKey: KEY }, now: () => new Date(clock) });
    try {
      const second = await run(twin);
      expect(second).toEqual(first);
    } finally {
      await twin.close();
    }
    expect(first.outcomes.filter((o) => o.startsWith('500')).length).toBeGreaterThan(0);
    expect(first.counts.http500).toBe(first.outcomes.filter((o) => o.startsWith('500')).length);
  });
});

describe('landing page', () => {
  it('lists the game provider and the bank with their pages', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.body).toContain('Game provider');
    expect(res.body).toContain('href="/provider"');
    expect(res.body).toContain('POST /provider/:code/transfers');
    expect(res.body).toContain('href="/bank"');
    expect(res.body).toContain('POST /bank/payouts');
  });
});
