import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from './app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox();
});
afterAll(() => app.close());

describe('sandbox app', () => {
  it('answers GET /health with { ok: true }', async () => {
    const res = await app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it("answers the browser's icon request with 204 No Content", async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('lists its parts on the landing page, linking the SMS inbox', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('SMS gateway');
    expect(res.body).toContain('href="/sms"');
    expect(res.body).toContain('POST /sms/messages');
  });

  it('lists the bank (QR gateway, transfers, slips) and the gift-link issuer', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.body).toContain('href="/bank"');
    expect(res.body).toContain('href="/gift"');
    expect(res.body).toContain('POST /bank/qr/pay');
    expect(res.body).toContain('POST /bank/slips/verify');
    expect(res.body).toContain('POST /gift/vouchers/:hash/redeem');
  });

  it('answers unknown routes with a JSON 404 and sends nosniff everywhere', async () => {
    const res = await app.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses the development key by default', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sms/messages',
      headers: { 'x-sandbox-key': 'sandbox-dev-key' },
      payload: { to: '0812345678', text: 'hi' },
    });
    expect(res.statusCode).toBe(201);
  });
});
