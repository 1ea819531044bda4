import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProviderRejected,
  ProviderUnknownOutcome,
  ProviderUserNotFound,
} from '../ports/game-provider';
import { MemoryGameProvider } from './memory-game-provider';
import { SandboxGameProvider } from './sandbox-game-provider';

type FetchArgs = Parameters<typeof fetch>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SandboxGameProvider', () => {
  const make = (fake: (...args: FetchArgs) => Promise<Response>, timeoutMs = 1000) => {
    const calls: FetchArgs[] = [];
    const provider = new SandboxGameProvider({
      baseUrl: 'http://127.0.0.1:3100',
      apiKey: 'k',
      timeoutMs,
      fetch: (async (...args: FetchArgs) => {
        calls.push(args);
        return fake(...args);
      }) as typeof fetch,
    });
    return { provider, calls };
  };

  it('calls the sandbox provider API with the key and reads its answers', async () => {
    const { provider, calls } = make(async (url) => {
      const path = String(url);
      if (path.endsWith('/accounts')) return json(201, { username: 'pg000001', password: 'pw' });
      if (path.endsWith('/password')) return json(200, { password: 'new' });
      if (path.endsWith('/transfers'))
        return json(200, { ref: 'GT-1', status: 'APPLIED', balance: 500 });
      if (path.includes('/transfers/')) return json(200, { ref: 'GT-1', status: 'NOT_FOUND' });
      if (path.endsWith('/launch')) return json(200, { link: 'http://x/play/t', expiresAt: 'z' });
      return json(200, { username: 'pg000001', balance: 1234 });
    });
    expect(await provider.createAccount('PG', 'member-10001')).toEqual({
      username: 'pg000001',
      password: 'pw',
    });
    expect(await provider.resetPassword('PG', 'pg000001')).toEqual({ password: 'new' });
    expect(await provider.balance('PG', 'pg000001')).toBe(1234);
    expect(
      await provider.transfer('PG', {
        ref: 'GT-1',
        username: 'pg000001',
        direction: 'in',
        amount: 500,
      }),
    ).toEqual({ status: 'APPLIED', balance: 500 });
    expect(await provider.transferStatus('PG', 'GT-1')).toBe('NOT_FOUND');
    expect(await provider.launchLink('PG', 'pg000001', 'pw')).toBe('http://x/play/t');
    expect(calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST http://127.0.0.1:3100/provider/PG/accounts',
      'POST http://127.0.0.1:3100/provider/PG/accounts/pg000001/password',
      'GET http://127.0.0.1:3100/provider/PG/accounts/pg000001',
      'POST http://127.0.0.1:3100/provider/PG/transfers',
      'GET http://127.0.0.1:3100/provider/PG/transfers/GT-1',
      'POST http://127.0.0.1:3100/provider/PG/launch',
    ]);
    expect(
      calls.every(([, init]) => (init?.headers as Record<string, string>)['x-sandbox-key'] === 'k'),
    ).toBe(true);
    expect(JSON.parse(String(calls[3]![1]?.body))).toEqual({
      ref: 'GT-1',
      username: 'pg000001',
      direction: 'in',
      amount: 500,
    });
    expect(JSON.parse(String(calls[5]![1]?.body))).toEqual({
      username: 'pg000001',
      password: 'pw',
    });
  });

  it('maps answers to the three errors of the port', async () => {
    const transfer = (status: number, body: unknown) =>
      make(async () => json(status, body)).provider.transfer('AREASLOT', {
        ref: 'GT-2',
        username: 'u',
        direction: 'out',
        amount: 1,
      });
    await expect(transfer(404, { error: 'USER_NOT_FOUND' })).rejects.toBeInstanceOf(
      ProviderUserNotFound,
    );
    await expect(transfer(404, { error: 'ACCOUNT_NOT_FOUND' })).rejects.toBeInstanceOf(
      ProviderUserNotFound,
    );
    await expect(transfer(400, { error: 'INVALID_BODY' })).rejects.toBeInstanceOf(ProviderRejected);
    await expect(transfer(401, { error: 'INVALID_SANDBOX_KEY' })).rejects.toBeInstanceOf(
      ProviderRejected,
    );
    await expect(transfer(500, { error: 'INTERNAL_ERROR' })).rejects.toBeInstanceOf(
      ProviderUnknownOutcome,
    );
    await expect(transfer(503, { error: 'CAPACITY_REACHED' })).rejects.toBeInstanceOf(
      ProviderUnknownOutcome,
    );
    await expect(transfer(409, { error: 'REF_CONFLICT' })).rejects.toBeInstanceOf(
      ProviderUnknownOutcome,
    );
    await expect(transfer(200, { status: 'MAYBE' })).rejects.toBeInstanceOf(ProviderUnknownOutcome);
    await expect(transfer(200, 'not json')).rejects.toBeInstanceOf(ProviderUnknownOutcome);
    await expect(
      make(async () => Promise.reject(new TypeError('fetch failed'))).provider.balance('PG', 'u'),
    ).rejects.toBeInstanceOf(ProviderUnknownOutcome);
    await expect(
      make(async () => json(500, {})).provider.transferStatus('PG', 'GT-3'),
    ).rejects.toBeInstanceOf(ProviderUnknownOutcome);
    const rejected = await make(async () =>
      json(200, { ref: 'GT-4', status: 'REJECTED', balance: 0, reason: 'INSUFFICIENT_BALANCE' }),
    ).provider.transfer('PG', { ref: 'GT-4', username: 'u', direction: 'out', amount: 5 });
    expect(rejected).toEqual({ status: 'REJECTED', balance: 0, reason: 'INSUFFICIENT_BALANCE' });
  });

  it('gives up at the deadline with an unknown outcome', async () => {
    const { provider } = make(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
      25,
    );
    const started = Date.now();
    await expect(
      provider.transfer('PG', { ref: 'GT-5', username: 'u', direction: 'in', amount: 1 }),
    ).rejects.toBeInstanceOf(ProviderUnknownOutcome);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

// The adapter against the real sandbox (apps/sandbox, decision 0076), started as its own
// process on a free port as `npm start` runs it: apps never import each other, so the test
// speaks to it over HTTP exactly as the server does.
describe('SandboxGameProvider against the sandbox app', () => {
  const KEY = 'adapter-test-key';
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  let sandbox: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    sandbox = spawn(process.execPath, ['--import', 'tsx', 'apps/sandbox/src/main.ts'], {
      cwd: root,
      // SANDBOX_STATE_FILE=off: the test's provider keeps nothing in ./data (decision 0126).
      env: {
        SANDBOX_PORT: '0',
        HOST: '127.0.0.1',
        SANDBOX_API_KEY: KEY,
        LOG_LEVEL: 'warn',
        SANDBOX_STATE_FILE: 'off',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      sandbox.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const listening = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
        if (listening) resolve(listening[1]!);
      });
      sandbox.on('exit', (code) => reject(new Error(`sandbox exited (${code}): ${out}`)));
    });
  }, 30_000);
  afterAll(() => {
    sandbox?.kill('SIGTERM');
  });

  it('reads the bet report of the rounds played in a window, in satang', async () => {
    const provider = new SandboxGameProvider({ baseUrl, apiKey: KEY, timeoutMs: 5000 });
    const { username } = await provider.createAccount('AREASLOT', 'member-77');
    await provider.transfer('AREASLOT', {
      ref: 'GT-77',
      username,
      direction: 'in',
      amount: 5000,
    });
    const before = new Date().toISOString();
    expect(await provider.betReport('AREASLOT', username, before)).toEqual({
      bets: 0,
      wins: 0,
      rounds: 0,
    });
    // The tester's play call (not part of the port): 3 lost rounds of 10 baht, 2 pairs of 1.
    const play = async (body: object) => {
      const res = await fetch(`${baseUrl}/provider/AREASLOT/accounts/${username}/play`, {
        method: 'POST',
        headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    };
    await play({ rounds: 3, bet: 1000, outcome: 'lose' });
    await play({ rounds: 2, bet: 100, outcome: 'win' });

    expect(await provider.betReport('AREASLOT', username, before)).toEqual({
      bets: 3200,
      wins: 300,
      rounds: 5,
    });
    expect(await provider.balance('AREASLOT', username)).toBe(5000 - 3200 + 300);
    // An empty window, and one that ends before the rounds.
    expect(await provider.betReport('AREASLOT', username, before, before)).toEqual({
      bets: 0,
      wins: 0,
      rounds: 0,
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await provider.betReport('AREASLOT', username, later)).toMatchObject({ rounds: 0 });
    await expect(provider.betReport('AREASLOT', 'areaslot999999', before)).rejects.toBeInstanceOf(
      ProviderUserNotFound,
    );
    await expect(provider.betReport('AREASLOT', username, 'yesterday')).rejects.toBeInstanceOf(
      ProviderRejected,
    );
  });
});

describe('MemoryGameProvider', () => {
  it('applies a ref once, refuses a short game balance, and 404s unknown users', async () => {
    const p = new MemoryGameProvider();
    const { username } = await p.createAccount('PG', 'member-1');
    expect((await p.createAccount('PG', 'member-1')).username).toBe(username);
    const send = { ref: 'r1', username, direction: 'in' as const, amount: 700 };
    expect(await p.transfer('PG', send)).toEqual({ status: 'APPLIED', balance: 700 });
    expect(await p.transfer('PG', send)).toEqual({ status: 'APPLIED', balance: 700 });
    expect(p.account('PG', username)!.balance).toBe(700);
    expect(
      await p.transfer('PG', { ref: 'r2', username, direction: 'out', amount: 701 }),
    ).toMatchObject({ status: 'REJECTED', reason: 'INSUFFICIENT_BALANCE' });
    expect(await p.transferStatus('PG', 'r2')).toBe('REJECTED');
    expect(await p.transferStatus('PG', 'nope')).toBe('NOT_FOUND');
    await expect(
      p.transfer('PG', { ref: 'r3', username: 'ghost', direction: 'in', amount: 1 }),
    ).rejects.toBeInstanceOf(ProviderUserNotFound);
    expect(await p.transferStatus('PG', 'r3')).toBe('NOT_FOUND');
  });

  it('draws the seeded fault mix: lost answers applied, no answers not applied', async () => {
    const run = async () => {
      const p = new MemoryGameProvider();
      const { username } = await p.createAccount('JOKER', 'm');
      p.setFaults({
        noAnswer: 0.2,
        http500: 0.1,
        slow: 0.1,
        appliedAnswerLost: 0.1,
        duplicate: 0.05,
        seed: 7,
      });
      const outcomes: string[] = [];
      for (let i = 0; i < 400; i++) {
        try {
          await p.transfer('JOKER', { ref: `r${i}`, username, direction: 'in', amount: 1 });
          outcomes.push('ok');
        } catch (error) {
          expect(error).toBeInstanceOf(ProviderUnknownOutcome);
          outcomes.push('unknown');
        }
      }
      return { p, outcomes };
    };
    const a = await run();
    const b = await run();
    expect(a.outcomes).toEqual(b.outcomes);
    const f = a.p.faultCounts;
    expect(f.noAnswer).toBeGreaterThan(50);
    expect(f.duplicate).toBeGreaterThan(5);
    const applied = a.p.totals('JOKER').transfers;
    // Applied = answered OK + slow + answer lost; never the no-answer or 500 ones.
    expect(applied).toBe(400 - f.noAnswer - f.http500);
    expect(a.outcomes.filter((o) => o === 'unknown')).toHaveLength(
      f.noAnswer + f.http500 + f.slow + f.appliedAnswerLost,
    );
    expect(a.p.replays).toBe(f.duplicate);
  });
});
