import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

const KEY = 'test-key';
let app: FastifyInstance;
let clock = Date.UTC(2026, 10, 22, 4, 0, 0);

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 4, 0, 0);
  app = await buildSandbox({ config: { apiKey: KEY }, now: () => new Date(clock) });
});
afterEach(() => app.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  key: string | null = KEY,
) {
  return app.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-sandbox-key': key },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const payout = (ref: string, change: Record<string, unknown> = {}) => ({
  ref,
  bankCode: 'KBANK',
  accountNo: '1234567890',
  accountName: 'SOMCHAI JAIDEE',
  amount: 150_075,
  ...change,
});

describe('POST /bank/payouts', () => {
  it('pays and answers 201 { ref, status, paidAt }', async () => {
    const res = await call('POST', '/bank/payouts', payout('wd-1'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ref: 'wd-1', status: 'PAID', paidAt: '2026-11-22T04:00:00.000Z' });
    expect(app.sandbox.bank.payoutCount).toBe(1);
  });

  it('is exactly once by ref: same body = same answer, other body = 409', async () => {
    const first = await call('POST', '/bank/payouts', payout('wd-2'));
    clock += 60_000;
    const again = await call('POST', '/bank/payouts', payout('wd-2'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-idempotent-replay']).toBe('true');
    const conflict = await call('POST', '/bank/payouts', payout('wd-2', { amount: 1 }));
    expect([conflict.statusCode, conflict.json()]).toEqual([409, { error: 'REF_CONFLICT' }]);
    expect(app.sandbox.bank.payees(10)[0]?.total).toBe(150_075);
  });

  it('pays 50 concurrent identical requests once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/bank/payouts', payout('race'))),
    );
    const bodies = new Set(answers.map((res) => `${res.statusCode} ${res.body}`));
    expect(bodies.size).toBe(1);
    expect(app.sandbox.bank.payoutCount).toBe(1);
    expect(app.sandbox.bank.payees(1)[0]).toMatchObject({ total: 150_075, count: 1 });
  });

  it.each([
    ['a lower-case bank code', { bankCode: 'kbank' }],
    ['a bank code with a space', { bankCode: 'K BANK' }],
    ['an account number with dashes', { accountNo: '123-456-7890' }],
    ['a too short account number', { accountNo: '12345' }],
    ['a too long account number', { accountNo: '1'.repeat(21) }],
  ])('refuses %s with 400 INVALID_ACCOUNT', async (_name, change) => {
    const res = await call('POST', '/bank/payouts', payout('bad', change));
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'INVALID_ACCOUNT' }]);
    expect(app.sandbox.bank.payoutCount).toBe(0);
  });

  it.each([
    ['a fractional amount', { amount: 100.5 }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -1 }],
    ['an amount as a string', { amount: '100' }],
    ['an absurd amount', { amount: 1_000_000_001 }],
    ['an empty name', { accountName: '  ' }],
    ['a missing ref', { ref: undefined }],
    ['an extra field', { status: 'PAID' }],
    ['a number for the account', { accountNo: 1234567890 }],
  ])('refuses %s with 400 INVALID_BODY', async (_name, change) => {
    const res = await call('POST', '/bank/payouts', payout('bad', change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_BODY');
    expect(app.sandbox.bank.payoutCount).toBe(0);
  });

  it.each([
    ['POST', '/bank/payouts', payout('k')],
    ['GET', '/bank/payouts', undefined],
    ['GET', '/bank/payouts/k', undefined],
    ['GET', '/bank/faults', undefined],
    ['PUT', '/bank/faults', { fail: 1 }],
  ] as const)('%s %s needs the key', async (method, url, body) => {
    for (const key of [null, 'wrong']) {
      const res = await call(method, url, body, key);
      expect([res.statusCode, res.json()]).toEqual([401, { error: 'INVALID_SANDBOX_KEY' }]);
    }
    expect(app.sandbox.bank.payoutCount).toBe(0);
    expect(app.sandbox.bank.faults.report().active).toBe(false);
  });
});

describe('reading payouts', () => {
  it('answers one payout by ref, or NOT_FOUND', async () => {
    await call('POST', '/bank/payouts', payout('r-1'));
    expect((await call('GET', '/bank/payouts/r-1')).json()).toEqual({
      ...payout('r-1'),
      status: 'PAID',
      paidAt: '2026-11-22T04:00:00.000Z',
    });
    const missing = await call('GET', '/bank/payouts/r-2');
    expect([missing.statusCode, missing.json()]).toEqual([
      200,
      { ref: 'r-2', status: 'NOT_FOUND' },
    ]);
    expect((await call('GET', '/bank/payouts/a%20b')).statusCode).toBe(400);
  });

  it('lists payouts newest first, filtered and limited', async () => {
    await call('POST', '/bank/payouts', payout('l-1'));
    await call(
      'POST',
      '/bank/payouts',
      payout('l-2', { bankCode: 'SCB', accountNo: '5555555555' }),
    );
    await call('POST', '/bank/payouts', payout('l-3'));
    const refs = async (query: string) =>
      (await call('GET', `/bank/payouts${query}`)).json().map((p: { ref: string }) => p.ref);
    expect(await refs('')).toEqual(['l-3', 'l-2', 'l-1']);
    expect(await refs('?limit=1')).toEqual(['l-3']);
    expect(await refs('?bankCode=SCB')).toEqual(['l-2']);
    expect(await refs('?accountNo=1234567890')).toEqual(['l-3', 'l-1']);
    for (const bad of ['?limit=0', '?limit=1001', '?bankCode=scb', '?to=1']) {
      const res = await call('GET', `/bank/payouts${bad}`);
      expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_QUERY']);
    }
  });
});

describe('the fault switch', () => {
  it('fails some payouts with 500 without paying, the same ones for the same seed', async () => {
    const run = async (target: FastifyInstance) => {
      const inject = (method: 'POST' | 'PUT', url: string, body: unknown) =>
        target.inject({
          method,
          url,
          headers: { 'x-sandbox-key': KEY },
          payload: body as Record<string, unknown>,
        });
      const set = await inject('PUT', '/bank/faults', { fail: 0.4, seed: 99 });
      expect(set.json()).toMatchObject({ fail: 0.4, seed: 99, active: true, drawn: 0 });
      const codes: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        codes.push((await inject('POST', '/bank/payouts', payout(`f-${i}`))).statusCode);
      }
      return codes;
    };
    const codes = await run(app);
    expect(new Set(codes)).toEqual(new Set([201, 500]));
    const failed = codes.filter((c) => c === 500).length;
    expect(app.sandbox.bank.payoutCount).toBe(30 - failed);
    expect((await call('GET', '/bank/faults')).json()).toMatchObject({ drawn: 30, failed });
    const failedRef = `f-${codes.indexOf(500)}`;
    expect((await call('GET', `/bank/payouts/${failedRef}`)).json().status).toBe('NOT_FOUND');

    const twin = await buildSandbox({ config: { apiKey: KEY } });
    try {
      expect(await run(twin)).toEqual(codes);
    } finally {
      await twin.close();
    }

    // Off again: the failed ref is paid on its resend, once.
    expect((await call('PUT', '/bank/faults', { fail: 0, seed: 0 })).json().active).toBe(false);
    expect((await call('POST', '/bank/payouts', payout(failedRef))).statusCode).toBe(201);
    expect(app.sandbox.bank.payoutCount).toBe(31 - failed);
  });

  it('refuses impossible settings', async () => {
    for (const bad of [{ fail: 2 }, { fail: -0.1 }, { seed: 1.5 }, { http500: 1 }]) {
      const res = await call('PUT', '/bank/faults', bad);
      expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_BODY']);
    }
  });
});

describe('GET /bank (page)', () => {
  it('lists the accounts paid with baht amounts to 2 decimals', async () => {
    await call('POST', '/bank/payouts', payout('p-1', { amount: 150_075 }));
    await call('POST', '/bank/payouts', payout('p-2', { amount: 25 }));
    await call(
      'POST',
      '/bank/payouts',
      payout('p-3', { bankCode: 'BCEL', accountNo: '0101000123456', amount: 100_000_000 }),
    );
    const res = await app.inject({ url: '/bank' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<meta name="viewport"');
    expect(res.body).toContain('data-account="KBANK:1234567890"');
    expect(res.body).toContain('฿1,501.00'); // 150,075 + 25 satang
    expect(res.body).toContain('฿0.25');
    expect(res.body).toContain('฿1,000,000.00');
    expect(res.body).toContain('123-456-7890');
    expect(res.body).toContain('2 payouts');
    expect(res.body).toContain('data-ref="p-3"');
  });

  it('shows an empty state and the fault switch', async () => {
    expect((await app.inject({ url: '/bank' })).body).toContain('No payouts yet');
    await call('PUT', '/bank/faults', { fail: 0.25, seed: 3 });
    expect((await app.inject({ url: '/bank' })).body).toContain('Fault switch ON: 25%');
  });
});
