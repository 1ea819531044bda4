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

function send(payload: unknown, key: string | null = KEY) {
  return app.inject({
    method: 'POST',
    url: '/sms/messages',
    headers: key === null ? {} : { 'x-sandbox-key': key },
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /sms/messages', () => {
  it('stores the message and answers 201 with id, to, text and createdAt', async () => {
    const res = await send({ to: '0812345678', text: 'OTP 123456 (ref ABCD). รหัสยืนยัน' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'text', 'to']);
    expect(body).toMatchObject({
      to: '0812345678',
      text: 'OTP 123456 (ref ABCD). รหัสยืนยัน',
      createdAt: '2026-11-22T04:00:00.000Z',
    });
    expect(app.sandbox.sms.list()).toEqual([body]);
  });

  it('refuses a missing or wrong key with 401 and stores nothing', async () => {
    expect((await send({ to: '0812345678', text: 'x' }, null)).statusCode).toBe(401);
    const wrong = await send({ to: '0812345678', text: 'x' }, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'INVALID_SANDBOX_KEY' });
    expect(app.sandbox.sms.size).toBe(0);
  });

  it.each([
    ['an unknown field', { to: '0812345678', text: 'x', from: 'me' }],
    ['a phone with letters', { to: '08123abc78', text: 'x' }],
    ['a too short phone', { to: '123', text: 'x' }],
    ['empty text', { to: '0812345678', text: '' }],
    ['text over 1000 characters', { to: '0812345678', text: 'x'.repeat(1001) }],
    ['a missing text', { to: '0812345678' }],
    ['a number for the phone', { to: 812345678, text: 'x' }],
  ])('answers 400 with the issues for %s', async (_name, payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('INVALID_BODY');
    expect(res.json().issues.length).toBeGreaterThan(0);
    expect(app.sandbox.sms.size).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sms/messages',
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      payload: '{"to":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('GET /sms/messages', () => {
  it('lists newest first, filtered by ?to=', async () => {
    await send({ to: '0811111111', text: 'first' });
    clock += 1000;
    await send({ to: '0822222222', text: 'other phone' });
    clock += 1000;
    await send({ to: '0811111111', text: 'second' });

    const mine = await app.inject({ url: '/sms/messages?to=0811111111' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((m: { text: string }) => m.text)).toEqual(['second', 'first']);

    const all = await app.inject({ url: '/sms/messages' });
    expect(all.json()).toHaveLength(3);
    const limited = await app.inject({ url: '/sms/messages?limit=1' });
    expect(limited.json().map((m: { text: string }) => m.text)).toEqual(['second']);
  });

  it('answers 400 for a malformed phone or an unknown parameter', async () => {
    expect((await app.inject({ url: '/sms/messages?to=abc' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/sms/messages?phone=0811111111' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/sms/messages?limit=0' })).statusCode).toBe(400);
  });

  it('keeps the newest 1,000 messages', async () => {
    for (let i = 0; i < 1001; i += 1) {
      const res = await send({ to: '0811111111', text: `m${i}` });
      expect(res.statusCode).toBe(201);
    }
    const list = (await app.inject({ url: '/sms/messages' })).json() as { text: string }[];
    expect(list).toHaveLength(1000);
    expect(list[0]?.text).toBe('m1000');
    expect(list.at(-1)?.text).toBe('m1');
  });
});

describe('GET /sms (inbox page)', () => {
  it('is a mobile-friendly page that reloads itself and shows phone, time, code and text', async () => {
    await send({ to: '0812345678', text: 'OTP 654321 (ref WXYZ). กรุณาอย่าบอกรหัสนี้' });
    clock += 30_000;
    const res = await app.inject({ url: '/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = res.body;
    expect(page).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    );
    expect(page).toMatch(/<meta http-equiv="refresh" content="\d+" \/>/);
    expect(page).toContain('0812345678');
    expect(page).toContain('2026-11-22 04:00:00 UTC');
    expect(page).toContain('30 s ago');
    expect(page).toContain('<div class="code" aria-label="OTP code">654321</div>');
    expect(page).toContain('ref WXYZ');
    expect(page).toContain('กรุณาอย่าบอกรหัสนี้');
  });

  it('escapes message text', async () => {
    await send({ to: '0812345678', text: '<script>alert("x")</script><img src=x onerror=1>' });
    const page = (await app.inject({ url: '/sms' })).body;
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('filters by phone and escapes a hostile filter value', async () => {
    await send({ to: '0811111111', text: 'for one' });
    await send({ to: '0822222222', text: 'for two' });
    const filtered = (await app.inject({ url: '/sms?to=0822222222' })).body;
    expect(filtered).toContain('for two');
    expect(filtered).not.toContain('for one');

    const hostile = await app.inject({ url: '/sms?to=%22%3E%3Cscript%3E' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('"><script>');
    expect(hostile.body).toContain('for one');
  });
});
