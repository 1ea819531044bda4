// The slip verifiers against a small fake of the sandbox bank's slip API (the shape in the
// issue-4 interfaces: POST /bank/slips/verify with x-sandbox-key; 404 SLIP_NOT_FOUND).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySlipVerifier } from './memory-slip-verifier';
import { SandboxSlipVerifier } from './sandbox-slip-verifier';

const known = {
  transRef: '015350104108AOR04932',
  sendingBank: '004',
  amount: 150_075,
  transferredAt: '2026-11-22T01:02:03.000Z',
  sender: { bankCode: 'KBANK', accountNo: 'xxx-x-x4567-x', name: 'SOMCHAI JAIDEE' },
  receiver: { bankCode: 'SCB', accountNo: '4061234567', name: 'ROYAL WALLET' },
};

let mode: 'normal' | 'slow' | 'error' | 'garbage' | 'other' = 'normal';
const seen: { key: string | undefined; body: unknown }[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/bank/slips/verify')
      return send(404, { error: 'NOT_FOUND' });
    const key = req.headers['x-sandbox-key'] as string | undefined;
    const body = JSON.parse(raw) as { sendingBank: string; transRef: string };
    seen.push({ key, body });
    if (key !== 'sandbox-dev-key') return send(401, { error: 'INVALID_SANDBOX_KEY' });
    if (mode === 'slow') return setTimeout(() => send(200, known), 500);
    if (mode === 'error') return send(500, { error: 'INTERNAL_ERROR' });
    if (mode === 'garbage') return send(200, '<html>');
    if (mode === 'other') return send(200, { ...known, transRef: 'SOMETHINGELSE123' });
    if (body.sendingBank === known.sendingBank && body.transRef === known.transRef)
      return send(200, known);
    return send(404, { error: 'SLIP_NOT_FOUND' });
  });
}

const server = createServer(handle);
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('SandboxSlipVerifier', () => {
  const make = (apiKey = 'sandbox-dev-key', timeoutMs = 2000) =>
    new SandboxSlipVerifier({ baseUrl, apiKey, timeoutMs });

  it('asks with the sandbox key and reads a verified transfer', async () => {
    mode = 'normal';
    const answer = await make().verify({ sendingBank: '004', transRef: known.transRef });
    expect(answer).toEqual({ kind: 'verified', slip: known });
    expect(seen.at(-1)).toEqual({
      key: 'sandbox-dev-key',
      body: { sendingBank: '004', transRef: known.transRef },
    });
  });

  it('reads 404 SLIP_NOT_FOUND as a definite not found', async () => {
    mode = 'normal';
    expect(await make().verify({ sendingBank: '014', transRef: known.transRef })).toEqual({
      kind: 'not_found',
    });
  });

  it('calls everything else unavailable: wrong key, 5xx, garbage, another slip, timeout, no server', async () => {
    mode = 'normal';
    expect((await make('wrong').verify(known)).kind).toBe('unavailable');
    for (const m of ['error', 'garbage', 'other'] as const) {
      mode = m;
      expect((await make().verify(known)).kind).toBe('unavailable');
    }
    mode = 'slow';
    expect(await make('sandbox-dev-key', 100).verify(known)).toMatchObject({ kind: 'unavailable' });
    const nowhere = new SandboxSlipVerifier({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      timeoutMs: 500,
    });
    expect((await nowhere.verify(known)).kind).toBe('unavailable');
    mode = 'normal';
  });
});

describe('MemorySlipVerifier', () => {
  it('knows what it was told, and can be down', async () => {
    const bank = new MemorySlipVerifier();
    bank.add(known);
    expect(await bank.verify(known)).toEqual({ kind: 'verified', slip: known });
    expect(await bank.verify({ ...known, transRef: 'OTHER1234567' })).toEqual({
      kind: 'not_found',
    });
    bank.down = true;
    expect((await bank.verify(known)).kind).toBe('unavailable');
    expect(bank.calls).toBe(3);
  });
});
