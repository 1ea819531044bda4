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

describe('sandbox request log', () => {
  it('logs URLs without launch tokens, game session ids or gift-link hashes (decision 0048)', async () => {
    const lines: string[] = [];
    const logged = await buildSandbox({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const key = { 'x-sandbox-key': 'sandbox-dev-key' };
      const created = await logged.inject({
        method: 'POST',
        url: '/gift/vouchers',
        headers: key,
        payload: { ownerMobile: '0812345678', amount: 5000 },
      });
      expect(created.statusCode).toBe(201);
      const { hash } = created.json<{ hash: string }>();
      await logged.inject({ url: `/gift/campaign/?v=${hash}` });
      await logged.inject({ url: `/gift/vouchers/${hash}`, headers: key });
      const launchToken = 'LaunchTok3n_abcdefgh';
      const sessionId = 'Sess10nId_abcdefgh';
      await logged.inject({ url: `/play/${launchToken}` });
      await logged.inject({ url: `/play/session/${sessionId}` });
      await logged.inject({ method: 'POST', url: `/play/session/${sessionId}/spin` });
      const all = lines.join('\n');
      for (const secret of [hash, launchToken, sessionId]) expect(all).not.toContain(secret);
      const urls = lines
        .map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url)
        .filter(Boolean);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/gift/campaign/?v=[redacted]',
          '/gift/vouchers/[redacted]',
          '/play/[redacted]',
          '/play/session/[redacted]',
          '/play/session/[redacted]/spin',
        ]),
      );
    } finally {
      await logged.close();
    }
  });
});
