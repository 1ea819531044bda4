import { describe, expect, it } from 'vitest';
import { SmsSendError } from '../ports/sms-sender';
import { MemorySmsSender } from './memory-sms-sender';
import { SandboxSmsSender } from './sandbox-sms-sender';

type FetchArgs = Parameters<typeof fetch>;

describe('SandboxSmsSender', () => {
  const make = (fake: (...args: FetchArgs) => Promise<Response>, timeoutMs = 1000) =>
    new SandboxSmsSender({
      baseUrl: 'http://127.0.0.1:3100',
      apiKey: 'sandbox-dev-key',
      timeoutMs,
      fetch: fake as typeof fetch,
    });

  it('posts JSON with the sandbox key to /sms/messages', async () => {
    const calls: FetchArgs[] = [];
    const sender = make(async (...args) => {
      calls.push(args);
      return new Response(JSON.stringify({ id: '1' }), { status: 201 });
    });
    await sender.send('0812345678', 'OTP 123456 (ref ABCD).');
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('http://127.0.0.1:3100/sms/messages');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'x-sandbox-key': 'sandbox-dev-key' });
    expect(JSON.parse(String(init?.body))).toEqual({
      to: '0812345678',
      text: 'OTP 123456 (ref ABCD).',
    });
  });

  it('fails with SmsSendError on a refusal, a network error and a timeout', async () => {
    await expect(
      make(async () => new Response('no', { status: 401 })).send('1', 't'),
    ).rejects.toBeInstanceOf(SmsSendError);
    await expect(
      make(async () => Promise.reject(new TypeError('fetch failed'))).send('1', 't'),
    ).rejects.toBeInstanceOf(SmsSendError);
    const hanging = make(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
      20,
    );
    const started = Date.now();
    await expect(hanging.send('1', 't')).rejects.toBeInstanceOf(SmsSendError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('MemorySmsSender', () => {
  it('keeps messages and reads back the newest code per phone', async () => {
    const sms = new MemorySmsSender();
    await sms.send('0811111111', 'OTP 111111 (ref AAAA). x');
    await sms.send('0822222222', 'OTP 222222 (ref BBBB). x');
    await sms.send('0811111111', 'OTP 333333 (ref CCCC). x');
    expect(sms.lastCode('0811111111')).toBe('333333');
    expect(sms.lastCode('0822222222')).toBe('222222');
    expect(sms.lastCode('0833333333')).toBeUndefined();
    sms.failing = true;
    await expect(sms.send('0811111111', 'x')).rejects.toBeInstanceOf(SmsSendError);
    expect(sms.messagesTo('0811111111')).toHaveLength(2);
  });
});
