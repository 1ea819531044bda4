// The web-push adapter over a real socket (decision 0152): what it sends a push service
// (aes128gcm, VAPID, TTL, topic) and how it reads the answers: 201 delivered, 404/410 gone,
// 5xx, no answer and a refused connection PushSendError, never slower than its timeout.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PushSendError } from '../ports/push-sender';
import { WebPushSender } from './web-push-sender';

let server: Server;
let base: string;
let answer: number | 'hang' = 201;
const seen: { headers: IncomingMessage['headers']; bytes: number }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, bytes: Buffer.concat(chunks).length });
      if (answer === 'hang') return;
      response.statusCode = answer;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const config = loadConfig({ NODE_ENV: 'test' });
const sender = new WebPushSender({
  publicKey: config.push.vapidPublicKey,
  privateKey: config.push.vapidPrivateKey,
  subject: 'mailto:ops@wallet.test',
  timeoutMs: 300,
});
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const target = (path = '/push/send/a') => ({
  endpoint: `${base}${path}`,
  p256dh: ecdh.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});
const message = { payload: '{"title":"t"}', ttlSeconds: 600, topic: 'deposit:TESTDEP1x2' };

describe('WebPushSender', () => {
  it('posts an aes128gcm body with a VAPID token, TTL and a topic made of the tag', async () => {
    answer = 201;
    expect(await sender.send(target(), message)).toBe('delivered');
    const { headers, bytes } = seen.at(-1)!;
    expect(headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '600',
      topic: 'deposit_TESTDEP1x2',
      urgency: 'normal',
    });
    expect(headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${config.push.vapidPublicKey}$`),
    );
    // Header (86 bytes) + the payload, its delimiter and the 16-byte tag.
    expect(bytes).toBe(86 + message.payload.length + 1 + 16);
  });

  it('404 and 410: gone; 500 and 429: PushSendError', async () => {
    for (const status of [404, 410]) {
      answer = status;
      expect(await sender.send(target(), message)).toBe('gone');
    }
    for (const status of [500, 429]) {
      answer = status;
      await expect(sender.send(target(), message)).rejects.toThrow(
        new PushSendError(`push service answered HTTP ${status}`),
      );
    }
  });

  it('no answer within the timeout, or nobody listening: PushSendError, quickly', async () => {
    answer = 'hang';
    const started = Date.now();
    await expect(sender.send(target(), message)).rejects.toBeInstanceOf(PushSendError);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(
      sender.send({ ...target(), endpoint: 'http://127.0.0.1:9/push' }, message),
    ).rejects.toBeInstanceOf(PushSendError);
  });
});
