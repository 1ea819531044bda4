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

function call(method: 'GET' | 'POST', url: string, payload?: unknown, key: string | null = KEY) {
  return app.inject({
    method,
    url,
    headers: { host: '127.0.0.1:3100', ...(key === null ? {} : { 'x-sandbox-key': key }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function voucher(change: Record<string, unknown> = {}) {
  const res = await call('POST', '/gift/vouchers', {
    ownerMobile: '0812345678',
    amount: 10_050,
    ...change,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { hash: string; link: string };
}

describe('POST /gift/vouchers', () => {
  it('answers 201 with the hash and the link to its landing page', async () => {
    const res = await call('POST', '/gift/vouchers', { ownerMobile: '0812345678', amount: 10_050 });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toEqual({
      hash: expect.stringMatching(/^[A-Za-z0-9]{35}$/),
      link: `http://127.0.0.1:3100/gift/campaign/?v=${v.hash}`,
      amount: 10_050,
      ownerMobile: '0812345678',
      expiresAt: '2026-11-23T04:00:00.000Z',
    });
  });

  it('uses SANDBOX_PUBLIC_URL for the link when set, and takes an optional lifetime', async () => {
    const other = await buildSandbox({
      config: { apiKey: KEY, publicUrl: 'http://192.168.1.20:3100' },
      now: () => new Date(clock),
    });
    const res = await other.inject({
      method: 'POST',
      url: '/gift/vouchers',
      headers: { 'x-sandbox-key': KEY },
      payload: { ownerMobile: '0812345678', amount: 200, expiresInSeconds: 60 },
    });
    expect(res.json().link).toMatch(/^http:\/\/192\.168\.1\.20:3100\/gift\/campaign\/\?v=/);
    expect(res.json().expiresAt).toBe('2026-11-22T04:01:00.000Z');
    await other.close();
  });

  it.each([
    ['a 9-digit phone', { ownerMobile: '081234567' }],
    ['a phone with dashes', { ownerMobile: '081-234-5678' }],
    ['a fractional amount', { amount: 1.5 }],
    ['a zero amount', { amount: 0 }],
    ['an amount as text', { amount: '100' }],
    ['an extra field', { status: 'active' }],
    ['a zero lifetime', { expiresInSeconds: 0 }],
  ])('refuses %s with 400 INVALID_BODY', async (_name, change) => {
    const res = await call('POST', '/gift/vouchers', {
      ownerMobile: '0812345678',
      amount: 100,
      ...change,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_BODY']);
    expect(app.sandbox.gift.size).toBe(0);
  });
});

describe('reading and redeeming vouchers', () => {
  it('GET answers the voucher and its status; unknown is 404 VOUCHER_NOT_FOUND', async () => {
    const { hash } = await voucher();
    expect((await call('GET', `/gift/vouchers/${hash}`)).json()).toEqual({
      hash,
      amount: 10_050,
      ownerMobile: '0812345678',
      status: 'active',
      expiresAt: '2026-11-23T04:00:00.000Z',
    });
    for (const unknown of ['A'.repeat(35), 'short', 'A'.repeat(36)]) {
      const res = await call('GET', `/gift/vouchers/${unknown}`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'VOUCHER_NOT_FOUND' }]);
    }
    const list = (await call('GET', '/gift/vouchers?limit=10')).json();
    expect(list).toMatchObject([{ hash, status: 'active' }]);
  });

  it('redeems once (200 SUCCESS), then 409 VOUCHER_OUT_OF_STOCK', async () => {
    const { hash } = await voucher();
    const res = await call('POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0899999999' });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        hash,
        amount: 10_050,
        ownerMobile: '0812345678',
        redeemedAt: '2026-11-22T04:00:00.000Z',
        status: 'SUCCESS',
      },
    ]);
    const again = await call('POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0899999999' });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'VOUCHER_OUT_OF_STOCK' }]);
    expect((await call('GET', `/gift/vouchers/${hash}`)).json().status).toBe('redeemed');
  });

  it('50 concurrent redemptions of one voucher: exactly one 200', async () => {
    const { hash } = await voucher();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/gift/vouchers/${hash}/redeem`, {
          mobile: `09${String(i).padStart(8, '0')}`,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(49).fill(409)]);
  });

  it('answers 410 VOUCHER_EXPIRED, 400 CANNOT_GET_OWN_VOUCHER, 404 and 400 INVALID_BODY', async () => {
    const { hash } = await voucher();
    const own = await call('POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0812345678' });
    expect([own.statusCode, own.json()]).toEqual([400, { error: 'CANNOT_GET_OWN_VOUCHER' }]);
    const bad = await call('POST', `/gift/vouchers/${hash}/redeem`, { mobile: '12' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'INVALID_BODY']);
    const unknown = await call('POST', `/gift/vouchers/${'B'.repeat(35)}/redeem`, {
      mobile: '0899999999',
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'VOUCHER_NOT_FOUND' }]);
    clock += 24 * 3600_000;
    const late = await call('POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0899999999' });
    expect([late.statusCode, late.json()]).toEqual([410, { error: 'VOUCHER_EXPIRED' }]);
    expect((await call('GET', `/gift/vouchers/${hash}`)).json().status).toBe('expired');
  });

  it.each([
    ['POST', '/gift/vouchers', { ownerMobile: '0812345678', amount: 100 }],
    ['GET', '/gift/vouchers', undefined],
    ['GET', `/gift/vouchers/${'A'.repeat(35)}`, undefined],
    ['POST', `/gift/vouchers/${'A'.repeat(35)}/redeem`, { mobile: '0899999999' }],
  ] as const)('%s %s needs the key', async (method, url, payload) => {
    for (const key of [null, 'wrong']) {
      const res = await call(method, url, payload, key);
      expect([res.statusCode, res.json()]).toEqual([401, { error: 'INVALID_SANDBOX_KEY' }]);
    }
    expect(app.sandbox.gift.size).toBe(0);
  });
});
