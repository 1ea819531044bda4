import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { validate } from 'promptparse';
import { anyId as promptPayAnyId } from 'promptparse/generate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

const KEY = 'test-key';
const SECRET = 'test-webhook-secret';
let app: FastifyInstance;
let clock = Date.UTC(2026, 10, 22, 4, 0, 0);
let hookStatus = 200;
const hooks: { url: string; headers: Record<string, string>; body: string }[] = [];

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 4, 0, 0);
  hookStatus = 200;
  hooks.length = 0;
  app = await buildSandbox({
    config: { apiKey: KEY, webhookSecret: SECRET },
    now: () => new Date(clock),
    webhooks: {
      baseDelayMs: 5,
      fetch: (async (url: string | URL | Request, init?: RequestInit) => {
        hooks.push({
          url: String(url),
          headers: init?.headers as Record<string, string>,
          body: String(init?.body),
        });
        return new Response('{}', { status: hookStatus });
      }) as typeof fetch,
    },
  });
});
afterEach(() => app.close());

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, key: string | null = KEY) {
  return app.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-sandbox-key': key },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const body = (merchantRef: string, change: Record<string, unknown> = {}) => ({
  merchantRef,
  amount: 15_075,
  expiresAt: '2026-11-22T04:10:00Z',
  callbackUrl: 'http://127.0.0.1:3000/api/webhooks/qr/KBANK',
  ...change,
});

async function open(merchantRef: string, gateway = 'KBANK', change: Record<string, unknown> = {}) {
  const res = await call('POST', `/bank/qr/${gateway}/charges`, body(merchantRef, change));
  expect(res.statusCode).toBe(201);
  return res.json() as { chargeId: string; payload: string; amount: number };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('POST /bank/qr/:gateway/charges', () => {
  it('answers 201 with the PromptPay payload; a replay answers the same charge', async () => {
    const res = await call('POST', '/bank/qr/KBANK/charges', body('DEP000001'));
    expect(res.statusCode).toBe(201);
    const charge = res.json();
    expect(charge).toEqual({
      chargeId: expect.stringMatching(/^chg_[A-Za-z0-9]{24}$/),
      merchantRef: 'DEP000001',
      payload: expect.stringMatching(/^00020101021230/),
      amount: 15_075,
      expiresAt: '2026-11-22T04:10:00.000Z',
      status: 'OPEN',
    });
    const again = await call('POST', '/bank/qr/KBANK/charges', body('DEP000001'));
    expect([again.statusCode, again.json()]).toEqual([201, charge]);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    const conflict = await call('POST', '/bank/qr/KBANK/charges', body('DEP000001', { amount: 1 }));
    expect([conflict.statusCode, conflict.json()]).toEqual([409, { error: 'REF_CONFLICT' }]);
  });

  it('answers 404 UNKNOWN_GATEWAY for a bank that is not a QR gateway', async () => {
    for (const gateway of ['SCB', 'kbank', 'X']) {
      const res = await call('POST', `/bank/qr/${gateway}/charges`, body('DEP000002'));
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'UNKNOWN_GATEWAY' }]);
    }
  });

  it.each([
    ['a lower-case ref', { merchantRef: 'dep000001' }],
    ['a short ref', { merchantRef: 'AB12' }],
    ['a long ref', { merchantRef: 'A'.repeat(21) }],
    ['a fractional amount', { amount: 100.5 }],
    ['a zero amount', { amount: 0 }],
    ['an amount as text', { amount: '100' }],
    ['a date that is not ISO', { expiresAt: 'tomorrow' }],
    ['an expiry 8 days ahead', { expiresAt: '2026-11-30T04:00:00Z' }],
    ['a callback that is not http', { callbackUrl: 'ftp://127.0.0.1/x' }],
    ['a missing callback', { callbackUrl: undefined }],
    ['an extra field', { status: 'PAID' }],
  ])('refuses %s with 400 INVALID_BODY', async (_name, change) => {
    const res = await call('POST', '/bank/qr/KBANK/charges', body('DEP000003', change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_BODY');
    expect(app.sandbox.bank.qr.size).toBe(0);
  });
});

describe('reading and cancelling charges', () => {
  it('GET answers the charge and its status; another gateway or id is 404', async () => {
    const { chargeId } = await open('DEP000010');
    const res = await call('GET', `/bank/qr/KBANK/charges/${chargeId}`);
    expect(res.json()).toEqual({
      chargeId,
      merchantRef: 'DEP000010',
      amount: 15_075,
      expiresAt: '2026-11-22T04:10:00.000Z',
      status: 'OPEN',
      txnId: null,
      paidAt: null,
    });
    const other = await call('GET', `/bank/qr/WW/charges/${chargeId}`);
    expect([other.statusCode, other.json()]).toEqual([404, { error: 'UNKNOWN_CHARGE' }]);
    const none = await call('GET', '/bank/qr/KBANK/charges/chg_nope');
    expect([none.statusCode, none.json()]).toEqual([404, { error: 'UNKNOWN_CHARGE' }]);
    const gw = await call('GET', `/bank/qr/BBL/charges/${chargeId}`);
    expect([gw.statusCode, gw.json()]).toEqual([404, { error: 'UNKNOWN_GATEWAY' }]);
    clock += 10 * 60_000;
    expect((await call('GET', `/bank/qr/KBANK/charges/${chargeId}`)).json().status).toBe('EXPIRED');
  });

  it('DELETE cancels (200), and a paid charge is 409 ALREADY_PAID', async () => {
    const a = await open('DEP000011');
    const res = await call('DELETE', `/bank/qr/KBANK/charges/${a.chargeId}`);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'CANCELLED' }]);
    expect((await call('GET', `/bank/qr/KBANK/charges/${a.chargeId}`)).json().status).toBe(
      'CANCELLED',
    );
    const b = await open('DEP000012');
    await call('POST', '/bank/qr/pay', { payload: b.payload });
    const paid = await call('DELETE', `/bank/qr/KBANK/charges/${b.chargeId}`);
    expect([paid.statusCode, paid.json()]).toEqual([409, { error: 'ALREADY_PAID' }]);
    const none = await call('DELETE', '/bank/qr/KBANK/charges/chg_nope');
    expect([none.statusCode, none.json()]).toEqual([404, { error: 'UNKNOWN_CHARGE' }]);
    const gw = await call('DELETE', `/bank/qr/NOPE/charges/${b.chargeId}`);
    expect([gw.statusCode, gw.json()]).toEqual([404, { error: 'UNKNOWN_GATEWAY' }]);
  });

  it('lists charges newest first, by status and gateway, with the payload', async () => {
    const a = await open('DEP000013');
    const b = await open('DEP000014', 'WW', { amount: 10_000 });
    const c = await open('DEP000015', 'PAYTIMZ', { amount: 5_000 });
    await call('POST', '/bank/qr/pay', { payload: b.payload });
    const openOnes = (await call('GET', '/bank/qr/charges?status=OPEN')).json();
    expect(openOnes.map((x: { chargeId: string }) => x.chargeId)).toEqual([c.chargeId, a.chargeId]);
    expect(openOnes[0]).toMatchObject({ gateway: 'PAYTIMZ', payload: c.payload, status: 'OPEN' });
    const ww = (await call('GET', '/bank/qr/charges?gateway=WW')).json();
    expect(ww).toMatchObject([{ chargeId: b.chargeId, status: 'PAID' }]);
    expect((await call('GET', '/bank/qr/charges?limit=1')).json()).toHaveLength(1);
    const bad = await call('GET', '/bank/qr/charges?status=GONE');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'INVALID_QUERY']);
  });
});

describe('POST /bank/qr/pay', () => {
  it('pays once (201) and sends one signed charge.paid webhook', async () => {
    const { chargeId, payload } = await open('DEP000020');
    const res = await call('POST', '/bank/qr/pay', { payload });
    expect(res.statusCode).toBe(201);
    const paid = res.json();
    expect(paid).toEqual({
      txnId: expect.stringMatching(/^TXN/),
      chargeId,
      amount: 15_075,
      paidAt: '2026-11-22T04:00:00.000Z',
    });
    await settle();
    expect(hooks).toHaveLength(1);
    const [hook] = hooks;
    expect(hook!.url).toBe('http://127.0.0.1:3000/api/webhooks/qr/KBANK');
    expect(JSON.parse(hook!.body)).toEqual({
      event: 'charge.paid',
      gateway: 'KBANK',
      chargeId,
      merchantRef: 'DEP000020',
      txnId: paid.txnId,
      amount: 15_075,
      paidAt: paid.paidAt,
    });
    const ts = hook!.headers['x-sandbox-timestamp'];
    expect(ts).toBe(String(clock / 1000));
    expect(hook!.headers['x-sandbox-signature']).toBe(
      createHmac('sha256', SECRET).update(`${ts}.${hook!.body}`).digest('hex'),
    );
    const again = await call('POST', '/bank/qr/pay', { payload });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'ALREADY_PAID' }]);
    const state = (await call('GET', `/bank/qr/KBANK/charges/${chargeId}`)).json();
    expect(state).toMatchObject({ status: 'PAID', txnId: paid.txnId, paidAt: paid.paidAt });
  });

  it('20 concurrent pays of one charge: one 201, nineteen 409, one webhook', async () => {
    const { payload } = await open('DEP000021');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/bank/qr/pay', { payload })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    await settle();
    expect(hooks).toHaveLength(1);
  });

  it('answers 400 INVALID_PAYLOAD for a bad CRC, a non-bill-payment or junk', async () => {
    const { payload } = await open('DEP000022');
    const badCrc = payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0');
    // A PromptPay AnyID (tag 29) to a phone: valid EMVCo, not a bill payment.
    const anyId = promptPayAnyId({ type: 'MSISDN', target: '0812345678', amount: 150.75 });
    expect(validate.anyId(anyId)).not.toBeNull();
    for (const p of [badCrc, anyId, 'hello']) {
      const res = await call('POST', '/bank/qr/pay', { payload: p });
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'INVALID_PAYLOAD' }]);
    }
    for (const b of [{}, { payload: '' }, { payload: 'x'.repeat(513) }, { payload: 1 }]) {
      const res = await call('POST', '/bank/qr/pay', b);
      expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_BODY']);
    }
    await settle();
    expect(hooks).toHaveLength(0);
  });

  it('answers 404 UNKNOWN_CHARGE, 409 CANCELLED and 410 EXPIRED', async () => {
    const gone = await open('DEP000023');
    const cancelled = await open('DEP000024');
    const late = await open('DEP000025', 'WW', { expiresAt: '2026-11-22T04:01:00Z' });
    await call('DELETE', `/bank/qr/KBANK/charges/${cancelled.chargeId}`);
    const c = await call('POST', '/bank/qr/pay', { payload: cancelled.payload });
    expect([c.statusCode, c.json()]).toEqual([409, { error: 'CANCELLED' }]);
    clock += 60_000;
    const e = await call('POST', '/bank/qr/pay', { payload: late.payload });
    expect([e.statusCode, e.json()]).toEqual([410, { error: 'EXPIRED' }]);
    const fresh = await buildSandbox({ config: { apiKey: KEY } });
    const u = await fresh.inject({
      method: 'POST',
      url: '/bank/qr/pay',
      headers: { 'x-sandbox-key': KEY },
      payload: { payload: gone.payload },
    });
    expect([u.statusCode, u.json()]).toEqual([404, { error: 'UNKNOWN_CHARGE' }]);
    await fresh.close();
  });
});

describe('webhook log and redelivery', () => {
  it('lists deliveries and redelivers a paid charge only', async () => {
    const { chargeId, payload } = await open('DEP000030');
    const before = await call('POST', `/bank/qr/KBANK/charges/${chargeId}/redeliver`);
    expect([before.statusCode, before.json()]).toEqual([409, { error: 'NOT_PAID' }]);
    hookStatus = 500;
    await call('POST', '/bank/qr/pay', { payload });
    await settle();
    hookStatus = 200;
    const res = await call('POST', `/bank/qr/KBANK/charges/${chargeId}/redeliver`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      chargeId,
      status: 'DELIVERED',
      attempts: 1,
      reason: 'redeliver',
      lastStatusCode: 200,
    });
    await settle();
    const log = (await call('GET', `/bank/qr/webhooks?chargeId=${chargeId}`)).json();
    expect(log.map((d: { reason: string }) => d.reason)).toEqual(['redeliver', 'paid']);
    // The first delivery kept retrying after the 500s until a 2xx.
    expect(log[1]).toMatchObject({ status: 'DELIVERED' });
    expect(log[1].attempts).toBeGreaterThan(1);
    const bodies = new Set(hooks.map((h) => h.body));
    expect(bodies.size).toBe(1); // every delivery carries the same event, same txnId
    const unknown = await call('POST', '/bank/qr/KBANK/charges/chg_nope/redeliver');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'UNKNOWN_CHARGE' }]);
    const gw = await call('POST', `/bank/qr/SCB/charges/${chargeId}/redeliver`);
    expect([gw.statusCode, gw.json()]).toEqual([404, { error: 'UNKNOWN_GATEWAY' }]);
    const bad = await call('GET', '/bank/qr/webhooks?status=LOST');
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['POST', '/bank/qr/KBANK/charges', body('DEP000040')],
    ['GET', '/bank/qr/KBANK/charges/chg_x', undefined],
    ['DELETE', '/bank/qr/KBANK/charges/chg_x', undefined],
    ['GET', '/bank/qr/charges', undefined],
    ['POST', '/bank/qr/pay', { payload: 'x' }],
    ['GET', '/bank/qr/webhooks', undefined],
    ['POST', '/bank/qr/KBANK/charges/chg_x/redeliver', undefined],
  ] as const)('%s %s needs the key', async (method, url, payload) => {
    for (const key of [null, 'wrong']) {
      const res = await call(method, url, payload, key);
      expect([res.statusCode, res.json()]).toEqual([401, { error: 'INVALID_SANDBOX_KEY' }]);
    }
    expect(app.sandbox.bank.qr.size).toBe(0);
  });
});

describe('clients that always send content-type: application/json', () => {
  const json = { 'x-sandbox-key': KEY, 'content-type': 'application/json' };

  it('may send it with no body on DELETE and redeliver; a bad body is still 400', async () => {
    const { chargeId, payload } = await open('DEP000050');
    const del = await app.inject({
      method: 'DELETE',
      url: `/bank/qr/KBANK/charges/${chargeId}`,
      headers: json,
    });
    expect([del.statusCode, del.json()]).toEqual([200, { status: 'CANCELLED' }]);
    const b = await open('DEP000051');
    await call('POST', '/bank/qr/pay', { payload: b.payload });
    const again = await app.inject({
      method: 'POST',
      url: `/bank/qr/KBANK/charges/${b.chargeId}/redeliver`,
      headers: json,
    });
    expect(again.statusCode).toBe(200);
    const broken = await app.inject({
      method: 'POST',
      url: '/bank/qr/pay',
      headers: json,
      payload: '{"payload":',
    });
    expect(broken.statusCode).toBe(400);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/bank/qr/pay',
      headers: json,
      payload: `{"payload":"${payload}","__proto__":{"x":1}}`,
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
