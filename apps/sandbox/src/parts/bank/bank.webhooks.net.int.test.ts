import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

// The webhook over a real socket to a receiver on 127.0.0.1 that checks the signature the
// way the wallet server must: HMAC over the raw bytes it received.

const KEY = 'net-key';
const SECRET = 'net-webhook-secret';
let app: FastifyInstance;
let hook: Server;
let hookUrl: string;
const received: { body: string; valid: boolean }[] = [];
let answers: number[] = [];

beforeEach(async () => {
  received.length = 0;
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-sandbox-timestamp']);
      const given = Buffer.from(String(req.headers['x-sandbox-signature']), 'hex');
      const wanted = createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest();
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= 300;
      const valid = fresh && given.length === wanted.length && timingSafeEqual(given, wanted);
      received.push({ body: raw, valid });
      res.statusCode = valid ? (answers.shift() ?? 200) : 401;
      res.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const address = hook.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  hookUrl = `http://127.0.0.1:${address.port}/api/webhooks/qr`;
  app = await buildSandbox({
    config: { apiKey: KEY, webhookSecret: SECRET },
    webhooks: { baseDelayMs: 20 },
  });
});

afterEach(async () => {
  await app.close();
  await new Promise((resolve) => hook.close(resolve));
});

async function api(method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { 'x-sandbox-key': KEY },
    ...(payload ? { payload } : {}),
  });
}

describe('charge.paid webhook over HTTP', () => {
  it('arrives signed; a 500 is retried; redeliver sends it again', async () => {
    answers = [500];
    const create = await api('POST', '/bank/qr/WW/charges', {
      merchantRef: 'NET000001',
      amount: 20_000,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      callbackUrl: hookUrl,
    });
    const { payload, chargeId } = create.json();
    const pay = await api('POST', '/bank/qr/pay', { payload });
    expect(pay.statusCode).toBe(201);
    const end = Date.now() + 3000;
    while (received.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(received.map((r) => r.valid)).toEqual([true, true]);
    expect(JSON.parse(received[1]!.body)).toEqual({
      event: 'charge.paid',
      gateway: 'WW',
      chargeId,
      merchantRef: 'NET000001',
      txnId: pay.json().txnId,
      amount: 20_000,
      paidAt: pay.json().paidAt,
    });
    const logged = async () => (await api('GET', `/bank/qr/webhooks?chargeId=${chargeId}`)).json();
    while ((await logged())[0].status === 'PENDING' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await logged()).toMatchObject([
      { status: 'DELIVERED', attempts: 2, lastStatusCode: 200 },
    ]);

    const again = await api('POST', `/bank/qr/WW/charges/${chargeId}/redeliver`);
    expect(again.json()).toMatchObject({ status: 'DELIVERED', attempts: 1, reason: 'redeliver' });
    expect(received).toHaveLength(3);
    expect(received[2]!.body).toBe(received[1]!.body);
  });
});
