import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MemoryPayoutRail } from './memory-payout-rail';
import { SandboxPayoutRail } from './sandbox-payout-rail';

type FetchArgs = Parameters<typeof fetch>;

const request = {
  ref: 'WD0123456789ABCDEF0123',
  bankCode: 'KBANK',
  accountNo: '1234567890',
  accountName: 'SOMCHAI JAIDEE',
  amount: 150_075,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SandboxPayoutRail', () => {
  const make = (fake: (...args: FetchArgs) => Promise<Response>, timeoutMs = 1000) =>
    new SandboxPayoutRail({
      baseUrl: 'http://127.0.0.1:3100',
      apiKey: 'k',
      timeoutMs,
      fetch: fake as typeof fetch,
    });

  it('posts the payout in satang with the sandbox key, and reads 201 PAID as paid', async () => {
    const calls: FetchArgs[] = [];
    const rail = make(async (...args) => {
      calls.push(args);
      return json(201, { ref: request.ref, status: 'PAID', paidAt: '2026-11-23T01:00:00.000Z' });
    });
    expect(await rail.pay(request)).toEqual({ kind: 'paid', paidAt: '2026-11-23T01:00:00.000Z' });
    const [url, init] = calls[0]!;
    expect(url).toBe('http://127.0.0.1:3100/bank/payouts');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'x-sandbox-key': 'k' });
    expect(JSON.parse(String(init?.body))).toEqual(request);
  });

  it('calls only a refusal before processing definite; everything else is unknown', async () => {
    expect(await make(async () => json(400, { error: 'INVALID_ACCOUNT' })).pay(request)).toEqual({
      kind: 'rejected',
      reason: 'INVALID_ACCOUNT',
    });
    expect((await make(async () => json(400, { error: 'INVALID_BODY' })).pay(request)).kind).toBe(
      'rejected',
    );
    for (const answer of [
      json(500, { error: 'INTERNAL_ERROR' }),
      json(503, { error: 'CAPACITY_REACHED' }),
      json(409, { error: 'REF_CONFLICT' }),
      json(401, { error: 'INVALID_SANDBOX_KEY' }),
      json(400, { error: 'SOMETHING_ELSE' }),
      new Response('<html>', { status: 502 }),
      json(201, { status: 'SOMETHING' }),
    ]) {
      expect((await make(async () => answer).pay(request)).kind).toBe('unknown');
    }
    const down = make(async () => Promise.reject(new TypeError('fetch failed')));
    expect(await down.pay(request)).toMatchObject({ kind: 'unknown' });
  });

  it('times out into an unknown outcome', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const rail = new SandboxPayoutRail({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'k',
        timeoutMs: 100,
      });
      const started = Date.now();
      expect(await rail.pay(request)).toMatchObject({ kind: 'unknown' });
      expect(await rail.status(request.ref)).toMatchObject({ kind: 'unknown' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('maps the status query: PAID, NOT_FOUND, anything else unknown', async () => {
    const calls: FetchArgs[] = [];
    const paid = make(async (...args) => {
      calls.push(args);
      return json(200, { ref: request.ref, status: 'PAID', paidAt: 'x' });
    });
    expect(await paid.status('WD/1')).toEqual({ kind: 'paid', paidAt: 'x' });
    expect(calls[0]![0]).toBe('http://127.0.0.1:3100/bank/payouts/WD%2F1');
    expect(await make(async () => json(200, { status: 'NOT_FOUND' })).status('a')).toEqual({
      kind: 'not_found',
    });
    expect((await make(async () => json(500, {})).status('a')).kind).toBe('unknown');
  });
});

describe('MemoryPayoutRail', () => {
  it('pays a reference once; the same body replays, another body is unknown', async () => {
    const rail = new MemoryPayoutRail();
    expect((await rail.pay(request)).kind).toBe('paid');
    expect((await rail.pay(request)).kind).toBe('paid');
    expect(await rail.pay({ ...request, amount: 1 })).toMatchObject({ kind: 'unknown' });
    expect(rail.totalPaid()).toBe(150_075);
    expect((await rail.status(request.ref)).kind).toBe('paid');
    expect((await rail.status('other')).kind).toBe('not_found');
  });

  it('meets scripted faults in order: reject (remembered), lost (paid), down (not paid)', async () => {
    const rail = new MemoryPayoutRail();
    rail.failNext('reject', 'lost', 'down');
    expect((await rail.pay({ ...request, ref: 'r1' })).kind).toBe('rejected');
    expect((await rail.pay({ ...request, ref: 'r1' })).kind).toBe('rejected');
    expect((await rail.pay({ ...request, ref: 'r2' })).kind).toBe('unknown');
    expect((await rail.status('r2')).kind).toBe('paid');
    expect((await rail.pay({ ...request, ref: 'r3' })).kind).toBe('unknown');
    expect((await rail.status('r3')).kind).toBe('not_found');
    rail.statusDown = true;
    expect((await rail.status('r2')).kind).toBe('unknown');
  });

  it('draws random faults reproducibly from a seed', async () => {
    const outcomes = async () => {
      const rail = new MemoryPayoutRail();
      rail.setRandomFaults({ reject: 0.2, lost: 0.2, down: 0.2, seed: 42 });
      const kinds: string[] = [];
      for (let i = 0; i < 50; i++) kinds.push((await rail.pay({ ...request, ref: `r${i}` })).kind);
      return kinds;
    };
    const first = await outcomes();
    expect(await outcomes()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['paid', 'rejected', 'unknown']));
  });
});
