import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { validate } from 'promptparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

const KEY = 'test-key';
let app: FastifyInstance;
const clock = Date.UTC(2026, 10, 22, 4, 0, 0);

beforeEach(async () => {
  app = await buildSandbox({ config: { apiKey: KEY }, now: () => new Date(clock) });
});
afterEach(() => app.close());

function call(method: 'GET' | 'POST', url: string, payload?: unknown, key: string | null = KEY) {
  return app.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-sandbox-key': key },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const transfer = (change: Record<string, unknown> = {}) => ({
  from: { bankCode: 'KBANK', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' },
  to: { bankCode: 'SCB', accountNo: '4061234567', name: 'ROYAL WALLET' },
  amount: 150_075,
  ...change,
});

async function make(change: Record<string, unknown> = {}) {
  const res = await call('POST', '/bank/transfers', transfer(change));
  expect(res.statusCode).toBe(201);
  return res.json() as { transRef: string; sendingBank: string; slipUrl: string };
}

describe('POST /bank/transfers', () => {
  it('answers 201 { transRef, sendingBank, amount, transferredAt, slipUrl }', async () => {
    const res = await call('POST', '/bank/transfers', transfer());
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toEqual({
      transRef: expect.stringMatching(/^004[A-Za-z0-9]{17,22}$/),
      sendingBank: '004',
      amount: 150_075,
      transferredAt: '2026-11-22T04:00:00.000Z',
      slipUrl: `/bank/transfers/${t.transRef}/slip.png`,
    });
  });

  it('back-dates with `at`, but not into the future', async () => {
    const old = await call('POST', '/bank/transfers', transfer({ at: '2026-11-22T02:00:00Z' }));
    expect(old.json().transferredAt).toBe('2026-11-22T02:00:00.000Z');
    const soon = await call('POST', '/bank/transfers', transfer({ at: '2026-11-22T04:00:59Z' }));
    expect(soon.statusCode).toBe(201);
    const future = await call('POST', '/bank/transfers', transfer({ at: '2026-11-22T04:05:00Z' }));
    expect([future.statusCode, future.json().error]).toEqual([400, 'INVALID_BODY']);
  });

  it.each([
    [
      'a lower-case sender bank',
      { from: { bankCode: 'kbank', accountNo: '1234567890', name: 'A' } },
    ],
    ['a short sender account', { from: { bankCode: 'KBANK', accountNo: '12345', name: 'A' } }],
    ['a receiver account with dashes', { to: { bankCode: 'SCB', accountNo: '406-123-4567' } }],
  ])('refuses %s with 400 INVALID_ACCOUNT', async (_name, change) => {
    const res = await call('POST', '/bank/transfers', transfer(change));
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'INVALID_ACCOUNT' }]);
    expect(app.sandbox.bank.transfers.size).toBe(0);
  });

  it.each([
    ['a fractional amount', { amount: 1.5 }],
    ['a negative amount', { amount: -100 }],
    ['a missing sender name', { from: { bankCode: 'KBANK', accountNo: '1234567890' } }],
    ['an extra field', { fee: 0 }],
    ['a bad date', { at: 'yesterday' }],
  ])('refuses %s with 400 INVALID_BODY', async (_name, change) => {
    const res = await call('POST', '/bank/transfers', transfer(change));
    expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_BODY']);
    expect(app.sandbox.bank.transfers.size).toBe(0);
  });

  it('lists transfers newest first', async () => {
    const a = await make();
    const b = await make({ amount: 100 });
    const list = (await call('GET', '/bank/transfers?limit=5')).json();
    expect(list.map((t: { transRef: string }) => t.transRef)).toEqual([b.transRef, a.transRef]);
    expect(list[0]).toMatchObject({ amount: 100, receiver: { accountNo: '4061234567' } });
    expect((await call('GET', '/bank/transfers?limit=0')).statusCode).toBe(400);
  });
});

describe('slip images', () => {
  it('serves the PNG and JPEG without a key; both carry the mini-QR', async () => {
    const t = await make();
    const png = await app.inject({ url: t.slipUrl });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    const image = PNG.sync.read(png.rawPayload);
    const fromPng = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(validate.slipVerify(fromPng!.data)).toEqual({
      sendingBank: '004',
      transRef: t.transRef,
    });

    const jpg = await app.inject({ url: `/bank/transfers/${t.transRef}/slip.jpg` });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    const decoded = jpeg.decode(jpg.rawPayload, { useTArray: true });
    const fromJpg = jsQR(new Uint8ClampedArray(decoded.data), decoded.width, decoded.height);
    expect(validate.slipVerify(fromJpg!.data)).toEqual({
      sendingBank: '004',
      transRef: t.transRef,
    });
  });

  it('answers 404 SLIP_NOT_FOUND for an unknown or malformed reference', async () => {
    for (const url of ['/bank/transfers/004NOPE/slip.png', '/bank/transfers/a%20b/slip.jpg']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'SLIP_NOT_FOUND' }]);
    }
  });
});

describe('POST /bank/slips/verify', () => {
  it('answers the transfer with the sender masked and the receiver in full', async () => {
    const t = await make();
    const res = await call('POST', '/bank/slips/verify', {
      sendingBank: '004',
      transRef: t.transRef,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      transRef: t.transRef,
      sendingBank: '004',
      amount: 150_075,
      transferredAt: '2026-11-22T04:00:00.000Z',
      sender: { bankCode: 'KBANK', accountNo: 'xxx-x-x6789-x', name: 'SOMCHAI JAIDEE' },
      receiver: { bankCode: 'SCB', accountNo: '4061234567', name: 'ROYAL WALLET' },
    });
  });

  it('answers 404 SLIP_NOT_FOUND for an unknown ref or the wrong bank, 400 for a bad body', async () => {
    const t = await make();
    for (const b of [
      { sendingBank: '014', transRef: t.transRef },
      { sendingBank: '004', transRef: 'UNKNOWN123' },
    ]) {
      const res = await call('POST', '/bank/slips/verify', b);
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'SLIP_NOT_FOUND' }]);
    }
    for (const b of [{ sendingBank: '4', transRef: t.transRef }, { transRef: t.transRef }, {}]) {
      const res = await call('POST', '/bank/slips/verify', b);
      expect([res.statusCode, res.json().error]).toEqual([400, 'INVALID_BODY']);
    }
  });

  it.each([
    ['POST', '/bank/transfers', transfer()],
    ['GET', '/bank/transfers', undefined],
    ['POST', '/bank/slips/verify', { sendingBank: '004', transRef: 'X' }],
  ] as const)('%s %s needs the key', async (method, url, payload) => {
    for (const key of [null, 'wrong']) {
      const res = await call(method, url, payload, key);
      expect([res.statusCode, res.json()]).toEqual([401, { error: 'INVALID_SANDBOX_KEY' }]);
    }
    expect(app.sandbox.bank.transfers.size).toBe(0);
  });
});
