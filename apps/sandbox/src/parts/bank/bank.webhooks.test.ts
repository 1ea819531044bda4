import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  WebhookDispatcher,
  signWebhook,
  type ChargePaidEvent,
} from './bank.webhooks.js';

const event: ChargePaidEvent = {
  event: 'charge.paid',
  gateway: 'KBANK',
  chargeId: 'chg_1',
  merchantRef: 'DEP000001',
  txnId: 'TXN1',
  amount: 15_075,
  paidAt: '2026-11-22T04:00:00.000Z',
};

interface Call {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fake receiver answering the given statuses in turn (a thrown error = no answer). */
function receiver(statuses: (number | 'error')[]) {
  const calls: Call[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      headers: init?.headers as Record<string, string>,
      body: String(init?.body),
    });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    if (status === 'error') throw new Error('connect ECONNREFUSED');
    return new Response(status === 204 ? null : 'ok', { status });
  }) as typeof fetch;
  return { calls, fetcher };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

describe('WebhookDispatcher', () => {
  it('signs timestamp.body with HMAC-SHA256 that the receiver can recompute', async () => {
    const { calls, fetcher } = receiver([200]);
    const now = () => new Date(Date.UTC(2026, 10, 22, 4, 0, 7));
    const hooks = new WebhookDispatcher({ secret: 's3cret', fetch: fetcher, now });
    const { firstAttempt } = hooks.deliver('http://127.0.0.1:9/hook', event);
    const delivery = await firstAttempt;
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 1, lastStatusCode: 200 });
    const [call] = calls;
    expect(call!.url).toBe('http://127.0.0.1:9/hook');
    expect(JSON.parse(call!.body)).toEqual(event);
    const timestamp = call!.headers[TIMESTAMP_HEADER]!;
    expect(timestamp).toBe(String(Date.UTC(2026, 10, 22, 4, 0, 7) / 1000));
    const expected = createHmac('sha256', 's3cret')
      .update(`${timestamp}.${call!.body}`)
      .digest('hex');
    expect(call!.headers[SIGNATURE_HEADER]).toBe(expected);
    expect(signWebhook('other', timestamp, call!.body)).not.toBe(expected);
    expect(call!.headers['content-type']).toBe('application/json');
  });

  it('retries until a 2xx, then stops', async () => {
    const { calls, fetcher } = receiver([500, 'error', 503, 204, 500]);
    const hooks = new WebhookDispatcher({ secret: 's', fetch: fetcher, baseDelayMs: 5 });
    const { delivery } = hooks.deliver('http://127.0.0.1:9/hook', event);
    await until(() => delivery.status !== 'PENDING');
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 4, lastStatusCode: 204 });
    await sleep(200); // long past the next backoff: nothing more is sent
    expect(calls).toHaveLength(4);
    // Each attempt is signed afresh over the same body.
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    hooks.stop();
  });

  it('doubles the delay from the base and gives up after maxAttempts', async () => {
    const { calls, fetcher } = receiver([500]);
    const hooks = new WebhookDispatcher({
      secret: 's',
      fetch: fetcher,
      baseDelayMs: 10,
      maxAttempts: 4,
      // A clock that stands still: the gap read below is the scheduled delay alone, not the
      // delay plus however long the attempt took on a loaded machine (it read 117 ms once).
      now: () => new Date(Date.UTC(2026, 0, 1)),
    });
    const started = Date.now();
    const { delivery, firstAttempt } = hooks.deliver('http://127.0.0.1:9/hook', event);
    const first = await firstAttempt;
    expect(first.status).toBe('PENDING');
    const gap = Date.parse(first.nextAttemptAt!) - Date.parse(first.lastAttemptAt!);
    expect(gap).toBe(10); // the first retry waits the base, not its double
    await until(() => delivery.status !== 'PENDING');
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 + 20 + 40 - 5);
    expect(delivery).toMatchObject({ status: 'FAILED', attempts: 4, lastStatusCode: 500 });
    await sleep(150);
    expect(calls).toHaveLength(4);
  });

  it('defaults to 8 attempts starting at 1 s, and stop() cancels pending retries', async () => {
    const { calls, fetcher } = receiver(['error']);
    const hooks = new WebhookDispatcher({ secret: 's', fetch: fetcher });
    expect([hooks.baseDelayMs, hooks.maxAttempts]).toEqual([1000, 8]);
    const { delivery, firstAttempt } = hooks.deliver('http://127.0.0.1:9/hook', event);
    await firstAttempt;
    expect(delivery.lastError).toMatch(/ECONNREFUSED/);
    hooks.stop();
    await sleep(1100);
    expect(calls).toHaveLength(1);
  });

  it('keeps a bounded log, newest first, filterable by charge and status', async () => {
    const { fetcher } = receiver([200]);
    const hooks = new WebhookDispatcher({ secret: 's', fetch: fetcher, logSize: 3 });
    for (let i = 1; i <= 5; i += 1) {
      await hooks.deliver('http://127.0.0.1:9/hook', { ...event, chargeId: `chg_${i}` })
        .firstAttempt;
    }
    expect(hooks.list({ limit: 10 }).map((d) => d.chargeId)).toEqual(['chg_5', 'chg_4', 'chg_3']);
    expect(hooks.list({ limit: 10, chargeId: 'chg_4' })).toHaveLength(1);
    expect(hooks.list({ limit: 10, status: 'FAILED' })).toEqual([]);
  });
});
