import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildSandbox({ config: { apiKey: 'k' } });
});
afterEach(() => app.close());

function form(url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:3100' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function createFromPage(amount = '150.25') {
  const res = await form('/gift/page/create', { ownerMobile: '0812345678', amount });
  expect(res.statusCode).toBe(303);
  const hash = /new=([A-Za-z0-9]{35})/.exec(String(res.headers.location))![1]!;
  return { res, hash };
}

describe('GET /gift', () => {
  it('allows exactly its own copy script by hash and nothing else', async () => {
    const res = await app.inject({ url: '/gift' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(res.body).not.toMatch(/ on[a-z]+="/); // no inline handlers
    // Other pages keep the script-free policy.
    const bank = await app.inject({ url: '/bank' });
    expect(String(bank.headers['content-security-policy'])).not.toContain('script-src');
  });

  it('creates a voucher from the form and shows its link with a copy button', async () => {
    const { res, hash } = await createFromPage();
    expect(res.headers.location).toBe(`/gift?n=CREATED&new=${hash}#new-link`);
    expect(app.sandbox.gift.get(hash)).toMatchObject({ amount: 15_025, ownerMobile: '0812345678' });
    const page = await app.inject({
      url: `/gift?n=CREATED&new=${hash}`,
      headers: { host: '127.0.0.1:3100' },
    });
    expect(page.body).toContain('New gift link · ฿150.25');
    expect(page.body).toContain(`value="http://127.0.0.1:3100/gift/campaign/?v=${hash}"`);
    expect(page.body).toContain('data-copy="new-link-input"');
    expect(page.body).toContain('Recent gift links (1)');
  });

  it.each([
    ['a bad amount', { ownerMobile: '0812345678', amount: '1.001' }],
    ['a bad phone', { ownerMobile: '08123', amount: '10' }],
  ])('sends %s back with a message', async (_name, fields) => {
    const res = await form('/gift/page/create', fields);
    expect(res.headers.location).toBe('/gift?n=INVALID_VOUCHER');
    expect(app.sandbox.gift.size).toBe(0);
    expect((await app.inject({ url: '/gift?n=INVALID_VOUCHER' })).body).toContain('Check the form');
  });
});

describe('GET /gift/campaign/?v=', () => {
  it('shows the amount and lets a tester receive it once', async () => {
    const { hash } = await createFromPage('20');
    const page = await app.inject({ url: `/gift/campaign/?v=${hash}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('฿20.00');
    expect(page.body).toContain('081-xxx-5678');
    expect(page.body).toContain('action="/gift/page/redeem"');
    expect((await app.inject({ url: `/gift/campaign?v=${hash}` })).statusCode).toBe(200);

    const own = await form('/gift/page/redeem', { v: hash, mobile: '0812345678' });
    expect(own.headers.location).toBe(`/gift/campaign/?v=${hash}&n=CANNOT_GET_OWN_VOUCHER`);
    const bad = await form('/gift/page/redeem', { v: hash, mobile: '1' });
    expect(bad.headers.location).toBe(`/gift/campaign/?v=${hash}&n=INVALID_MOBILE`);
    const ok = await form('/gift/page/redeem', { v: hash, mobile: '0899999999' });
    expect(ok.headers.location).toBe(`/gift/campaign/?v=${hash}&n=SUCCESS`);
    const again = await form('/gift/page/redeem', { v: hash, mobile: '0899999999' });
    expect(again.headers.location).toBe(`/gift/campaign/?v=${hash}&n=VOUCHER_OUT_OF_STOCK`);
    const after = await app.inject({ url: `/gift/campaign/?v=${hash}&n=SUCCESS` });
    expect(after.body).toContain('Received. The gift is now in that wallet.');
    expect(after.body).toContain('Received by 089-xxx-9999');
    expect(after.body).not.toContain('action="/gift/page/redeem"');
  });

  it('answers 404 for an unknown or missing voucher', async () => {
    for (const url of [
      '/gift/campaign/',
      `/gift/campaign/?v=${'A'.repeat(35)}`,
      '/gift/campaign/?v=<x>',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Gift not found');
    }
  });
});
