// The sandbox's push service (decision 0153) against the `web-push` library the server sends
// with: what the library encrypts (aes128gcm, RFC 8291) and signs (VAPID, RFC 8292) for a
// subscription the sandbox issued, the sandbox decrypts and keeps; its answers 410 and 500
// on demand; refusals of a forged signature, a changed body, a foreign key.
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

const vapid = webPush.generateVAPIDKeys();
let app: FastifyInstance;

beforeEach(async () => {
  app = await buildSandbox({ config: { publicUrl: 'http://127.0.0.1:3100' } });
});
afterEach(() => app.close());

interface Issued {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

async function issue(label = 'phone'): Promise<Issued> {
  const res = await app.inject({ method: 'POST', url: '/push/subscriptions', payload: { label } });
  expect(res.statusCode).toBe(201);
  return res.json<Issued>();
}

/** What web-push would POST for `payload`, sent through inject. */
function push(issued: Issued, payload: string, change?: (body: Buffer) => Buffer) {
  const details = webPush.generateRequestDetails(issued.subscription, payload, {
    vapidDetails: { subject: 'mailto:ops@wallet.test', ...vapid },
    TTL: 600,
    topic: 'deposit_ref1',
    contentEncoding: 'aes128gcm',
  });
  const body = details.body as Buffer;
  return app.inject({
    method: 'POST',
    url: new URL(details.endpoint).pathname,
    headers: details.headers as Record<string, string>,
    payload: change ? change(body) : body,
  });
}

const payload = JSON.stringify({
  title: 'ฝากเงินสำเร็จ',
  body: 'ยอด 1,234.50 บาท เข้ากระเป๋าแล้ว',
  url: '/user/statement',
  tag: 'deposit:ref1',
  lang: 'th',
});

describe('the push service', () => {
  it('issues a subscription a browser would give: endpoint here, P-256 key, auth secret', async () => {
    const issued = await issue();
    expect(issued.subscription.endpoint).toBe(`http://127.0.0.1:3100/push/send/${issued.id}`);
    expect(Buffer.from(issued.subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(issued.subscription.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('decrypts what web-push sends, keeps it, and shows it on the page', async () => {
    const issued = await issue();
    const res = await push(issued, payload);
    expect(res.statusCode, res.body).toBe(201);
    const list = await app.inject({ url: `/push/messages?subscription=${issued.id}` });
    expect(list.json()).toEqual([
      expect.objectContaining({
        subscriptionId: issued.id,
        text: payload,
        json: JSON.parse(payload),
        ttl: 600,
        topic: 'deposit_ref1',
        sender: 'mailto:ops@wallet.test',
      }),
    ]);
    const page = await app.inject({ url: '/push' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ฝากเงินสำเร็จ');
    expect(page.body).toContain('opens /user/statement');
  });

  it('answers 410 or 500 when told to, and stores nothing', async () => {
    const issued = await issue();
    for (const [mode, status] of [
      ['gone', 410],
      ['fail', 500],
    ] as const) {
      const set = await app.inject({
        method: 'PUT',
        url: `/push/subscriptions/${issued.id}/mode`,
        payload: { mode },
      });
      expect(set.json()).toEqual({ id: issued.id, mode });
      expect((await push(issued, payload)).statusCode).toBe(status);
    }
    expect((await app.inject({ url: '/push/messages' })).json()).toEqual([]);
    const unknown = { ...issued, id: '00000000-0000-4000-8000-000000000000' };
    unknown.subscription = {
      ...issued.subscription,
      endpoint: issued.subscription.endpoint.replace(issued.id, unknown.id),
    };
    expect((await push(unknown, payload)).statusCode).toBe(410);
  });

  it('refuses a changed body, keys of another device, and a forged or missing VAPID token', async () => {
    const issued = await issue();
    const flipped = await push(issued, payload, (body) => {
      const copy = Buffer.from(body);
      copy[copy.length - 20]! ^= 1;
      return copy;
    });
    expect([flipped.statusCode, flipped.json()]).toEqual([
      400,
      { message: 'authentication failed (wrong keys or a changed body)' },
    ]);
    const other = await issue('other');
    const foreign = await push(
      { ...issued, subscription: { ...issued.subscription, keys: other.subscription.keys } },
      payload,
    );
    expect(foreign.statusCode).toBe(400);
    const details = webPush.generateRequestDetails(issued.subscription, payload, {
      vapidDetails: { subject: 'mailto:ops@wallet.test', ...vapid },
      contentEncoding: 'aes128gcm',
    });
    const headers = details.headers as Record<string, string>;
    const forged = headers.Authorization!.replace(
      /k=.*$/,
      `k=${webPush.generateVAPIDKeys().publicKey}`,
    );
    for (const authorization of [forged, undefined]) {
      const res = await app.inject({
        method: 'POST',
        url: new URL(details.endpoint).pathname,
        headers: Object.fromEntries(
          Object.entries({ ...headers, Authorization: authorization }).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        ),
        payload: details.body as Buffer,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/push/messages' })).json()).toEqual([]);
  });
});
