// The sandbox QR-gateway and gift-link adapters against a small fake of the sandbox HTTP API
// (as docs of issue 4 define it), and the in-memory adapters' rules.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGiftLinkRedeemer } from './memory-gift-link-redeemer';
import { MemoryQrGateway } from './memory-qr-gateway';
import { SandboxGiftLinkRedeemer } from './sandbox-gift-link-redeemer';
import { SandboxQrGateway } from './sandbox-qr-gateway';

type Handler = (req: IncomingMessage, body: unknown) => { status: number; body?: unknown } | 'hang';

interface Fake {
  url: string;
  server: Server;
  seen: { method: string; url: string; key: string | undefined; body: unknown }[];
  handler: Handler;
}

async function startFake(): Promise<Fake> {
  const fake = { seen: [], handler: () => ({ status: 500 }) } as unknown as Fake;
  fake.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body: unknown = text ? JSON.parse(text) : undefined;
      fake.seen.push({
        method: req.method!,
        url: req.url!,
        key: req.headers['x-sandbox-key'] as string | undefined,
        body,
      });
      if (req.headers['x-sandbox-key'] !== 'k') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'INVALID_SANDBOX_KEY' }));
        return;
      }
      const answer = fake.handler(req, body);
      if (answer === 'hang') return; // never answers: the caller's timeout fires
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((r) => fake.server.close(r));
});

const charge = {
  merchantRef: 'QR0123456789ABCDEF01',
  amount: 10050,
  expiresAt: '2026-11-22T10:00:00.000Z',
  callbackUrl: 'http://127.0.0.1:3000/api/webhooks/qr/KBANK',
};

describe('SandboxQrGateway', () => {
  const gateway = (key = 'k') =>
    new SandboxQrGateway({ baseUrl: fake.url, apiKey: key, timeoutMs: 300 });

  it('creates a charge with our reference and amount in satang', async () => {
    fake.seen.length = 0;
    fake.handler = (_req, body) => ({
      status: 201,
      body: { chargeId: 'ch_1', payload: '000201...6304ABCD', status: 'OPEN', ...(body as object) },
    });
    expect(await gateway().createCharge('KBANK', charge)).toEqual({
      kind: 'created',
      charge: {
        chargeId: 'ch_1',
        merchantRef: charge.merchantRef,
        payload: '000201...6304ABCD',
        amount: 10050,
        expiresAt: charge.expiresAt,
      },
    });
    expect(fake.seen[0]).toEqual({
      method: 'POST',
      url: '/bank/qr/KBANK/charges',
      key: 'k',
      body: charge,
    });
  });

  it('calls a 4xx refused and a 5xx, a timeout, a wrong answer or no server unknown', async () => {
    fake.handler = () => ({ status: 409, body: { error: 'REF_CONFLICT' } });
    expect(await gateway().createCharge('KBANK', charge)).toEqual({
      kind: 'refused',
      reason: 'REF_CONFLICT',
    });
    expect((await gateway('wrong').createCharge('KBANK', charge)).kind).toBe('refused');
    fake.handler = () => ({ status: 500, body: { error: 'BOOM' } });
    expect((await gateway().createCharge('KBANK', charge)).kind).toBe('unknown');
    fake.handler = () => ({ status: 201, body: { chargeId: 'ch_1', payload: 'p', amount: 1 } });
    expect((await gateway().createCharge('KBANK', charge)).kind).toBe('unknown');
    fake.handler = () => 'hang';
    expect(await gateway().createCharge('KBANK', charge)).toMatchObject({ kind: 'unknown' });
    const nowhere = new SandboxQrGateway({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      timeoutMs: 300,
    });
    expect((await nowhere.createCharge('KBANK', charge)).kind).toBe('unknown');
  });

  it('reads charge status and cancels', async () => {
    const answers: Record<string, { status: number; body?: unknown }> = {
      'GET /bank/qr/WW/charges/ch_open': { status: 200, body: { status: 'OPEN' } },
      'GET /bank/qr/WW/charges/ch_paid': {
        status: 200,
        body: { status: 'PAID', txnId: 'T1', amount: 500, paidAt: '2026-11-22T09:00:00.000Z' },
      },
      'GET /bank/qr/WW/charges/ch_bad': { status: 200, body: { status: 'PAID' } },
      'GET /bank/qr/WW/charges/ch_exp': { status: 200, body: { status: 'EXPIRED' } },
      'GET /bank/qr/WW/charges/ch_can': { status: 200, body: { status: 'CANCELLED' } },
      'GET /bank/qr/WW/charges/nope': { status: 404, body: { error: 'UNKNOWN_CHARGE' } },
      'DELETE /bank/qr/WW/charges/ch_open': { status: 200, body: { status: 'CANCELLED' } },
      'DELETE /bank/qr/WW/charges/ch_paid': { status: 409, body: { error: 'ALREADY_PAID' } },
      'DELETE /bank/qr/WW/charges/ch_err': { status: 502 },
    };
    fake.handler = (req) => answers[`${req.method} ${req.url}`] ?? { status: 500 };
    const g = gateway();
    expect(await g.chargeStatus('WW', 'ch_open')).toEqual({ kind: 'open' });
    expect(await g.chargeStatus('WW', 'ch_paid')).toEqual({
      kind: 'paid',
      txnId: 'T1',
      amount: 500,
      paidAt: '2026-11-22T09:00:00.000Z',
    });
    expect((await g.chargeStatus('WW', 'ch_bad')).kind).toBe('unknown');
    expect(await g.chargeStatus('WW', 'ch_exp')).toEqual({ kind: 'expired' });
    expect(await g.chargeStatus('WW', 'ch_can')).toEqual({ kind: 'cancelled' });
    expect(await g.chargeStatus('WW', 'nope')).toEqual({ kind: 'not_found' });
    expect((await g.chargeStatus('WW', 'other')).kind).toBe('unknown');
    expect(await g.cancelCharge('WW', 'ch_open')).toEqual({ kind: 'cancelled' });
    expect(await g.cancelCharge('WW', 'ch_paid')).toEqual({ kind: 'paid' });
    expect((await g.cancelCharge('WW', 'ch_err')).kind).toBe('unknown');
  });
});

describe('SandboxGiftLinkRedeemer', () => {
  const HASH = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R';
  const redeemer = () =>
    new SandboxGiftLinkRedeemer({ baseUrl: fake.url, apiKey: 'k', timeoutMs: 300 });

  it('looks a voucher up', async () => {
    fake.handler = (req) =>
      req.url === `/gift/vouchers/${HASH}`
        ? {
            status: 200,
            body: {
              hash: HASH,
              amount: 5000,
              ownerMobile: '0812345678',
              status: 'active',
              expiresAt: '2026-11-23T00:00:00.000Z',
            },
          }
        : { status: 404, body: { error: 'VOUCHER_NOT_FOUND' } };
    expect(await redeemer().lookup(HASH)).toEqual({
      kind: 'found',
      voucher: {
        hash: HASH,
        amount: 5000,
        ownerMobile: '0812345678',
        status: 'active',
        expiresAt: '2026-11-23T00:00:00.000Z',
      },
    });
    expect(await redeemer().lookup('B'.repeat(35))).toEqual({ kind: 'not_found' });
    fake.handler = () => ({ status: 200, body: { hash: HASH, amount: 5000, status: 'weird' } });
    expect((await redeemer().lookup(HASH)).kind).toBe('unknown');
    fake.handler = () => 'hang';
    expect((await redeemer().lookup(HASH)).kind).toBe('unknown');
  });

  it('redeems into the receiving wallet and maps every refusal', async () => {
    fake.seen.length = 0;
    fake.handler = () => ({
      status: 200,
      body: {
        hash: HASH,
        amount: 5000,
        ownerMobile: '0812345678',
        redeemedAt: '2026-11-22T09:00:00.000Z',
        status: 'SUCCESS',
      },
    });
    expect(await redeemer().redeem(HASH, '0600000000')).toEqual({
      kind: 'redeemed',
      amount: 5000,
      ownerMobile: '0812345678',
      redeemedAt: '2026-11-22T09:00:00.000Z',
    });
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: `/gift/vouchers/${HASH}/redeem`,
      body: { mobile: '0600000000' },
    });
    const cases: [number, string, string][] = [
      [409, 'VOUCHER_OUT_OF_STOCK', 'already_redeemed'],
      [404, 'VOUCHER_NOT_FOUND', 'invalid'],
      [410, 'VOUCHER_EXPIRED', 'invalid'],
      [400, 'CANNOT_GET_OWN_VOUCHER', 'invalid'],
      [500, 'INTERNAL', 'unknown'],
      [409, 'SOMETHING_ELSE', 'unknown'],
    ];
    for (const [status, error, kind] of cases) {
      fake.handler = () => ({ status, body: { error } });
      expect((await redeemer().redeem(HASH, '0600000000')).kind, error).toBe(kind);
    }
    fake.handler = () => 'hang';
    expect((await redeemer().redeem(HASH, '0600000000')).kind).toBe('unknown');
  });
});

describe('memory adapters', () => {
  it('MemoryQrGateway: replays a reference, pays once, never after cancel or expiry', async () => {
    let now = new Date('2026-11-22T09:00:00.000Z');
    const g = new MemoryQrGateway(() => now);
    const a = await g.createCharge('KBANK', charge);
    const b = await g.createCharge('KBANK', charge);
    expect(
      a.kind === 'created' && b.kind === 'created' && a.charge.chargeId === b.charge.chargeId,
    ).toBe(true);
    expect((await g.createCharge('KBANK', { ...charge, amount: 1 })).kind).toBe('refused');
    const event = g.pay('KBANK', charge.merchantRef);
    expect(event).toMatchObject({
      event: 'charge.paid',
      amount: 10050,
      merchantRef: charge.merchantRef,
    });
    expect(() => g.pay('KBANK', charge.merchantRef)).toThrow('ALREADY_PAID');
    const other = await g.createCharge('WW', { ...charge, merchantRef: 'QRSECOND000000000001' });
    if (other.kind !== 'created') throw new Error('not created');
    expect(await g.cancelCharge('WW', other.charge.chargeId)).toEqual({ kind: 'cancelled' });
    expect(() => g.pay('WW', other.charge.chargeId)).toThrow('CANCELLED');
    await g.createCharge('PAYTIMZ', { ...charge, merchantRef: 'QRTHIRD0000000000001' });
    now = new Date('2026-11-22T10:00:01.000Z');
    expect(() => g.pay('PAYTIMZ', 'QRTHIRD0000000000001')).toThrow('EXPIRED');
  });

  it('MemoryGiftLinkRedeemer: redeems once, never own vouchers or expired ones', async () => {
    let now = new Date('2026-11-22T09:00:00.000Z');
    const r = new MemoryGiftLinkRedeemer(() => now);
    const v = r.issue('0812345678', 1000, 60_000);
    expect(v.link).toMatch(/\/gift\/campaign\/\?v=[A-Za-z0-9]{35}$/);
    expect((await r.redeem(v.hash, '0812345678')).kind).toBe('invalid');
    expect((await r.redeem(v.hash, '0600000000')).kind).toBe('redeemed');
    expect((await r.redeem(v.hash, '0600000000')).kind).toBe('already_redeemed');
    const w = r.issue('0812345678', 1000, 60_000);
    now = new Date('2026-11-22T09:01:01.000Z');
    expect(await r.redeem(w.hash, '0600000000')).toEqual({
      kind: 'invalid',
      reason: 'VOUCHER_EXPIRED',
    });
  });
});
