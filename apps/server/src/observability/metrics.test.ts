// /metrics is not an amplifier (decision 0105): however many scrapes arrive, the database
// figures are read once per cache period, one read at a time; and the access rule.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import type { DbSource } from './metrics';
import { installMetrics, metricsAllowed } from './metrics';

function countingSource(): DbSource & { reads: number } {
  const source = {
    reads: 0,
    gauges: [{ name: 'wallet_test_rows', help: 'Rows.', labelNames: ['status'] }],
    async read() {
      source.reads++;
      await new Promise((r) => setTimeout(r, 20));
      return [{ gauge: 'wallet_test_rows', labels: { status: 'OK' }, value: source.reads }];
    },
  };
  return source;
}

describe('metrics: database figures', () => {
  it('reads the database once per cache period, however many scrapes come at once', async () => {
    let clock = 1_000_000;
    const source = countingSource();
    const app = Fastify();
    installMetrics(app, {
      config: { env: 'test', metrics: { token: undefined, dbCacheMs: 5000 } },
      db: {} as Db,
      sources: [source],
      now: () => clock,
    });
    const scrape = () => app.inject({ method: 'GET', url: '/metrics' });
    const first = await Promise.all(Array.from({ length: 10 }, scrape));
    expect(source.reads).toBe(1);
    for (const res of first) {
      expect(res.body).toContain('wallet_test_rows{status="OK"} 1');
      expect(res.body).toContain('wallet_metrics_db_up 1');
      expect(res.body).toMatch(/^wallet_metrics_db_read_seconds \d/m);
    }
    clock += 4999;
    await scrape();
    expect(source.reads).toBe(1);
    clock += 2;
    expect((await scrape()).body).toContain('wallet_test_rows{status="OK"} 2');
    expect(source.reads).toBe(2);
    await app.close();
  });

  it('answers the other figures when a database read fails, and says so', async () => {
    const app = Fastify({ logger: false });
    installMetrics(app, {
      config: { env: 'test', metrics: { token: undefined, dbCacheMs: 0 } },
      db: {} as Db,
      sources: [
        {
          gauges: [{ name: 'wallet_test_broken', help: 'Broken.', labelNames: [] }],
          read: () => Promise.reject(new Error('database down')),
        },
      ],
    });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('wallet_metrics_db_up 0');
    expect(res.body).toContain('wallet_http_request_duration_seconds');
    await app.close();
  });
});

describe('metrics: access', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({
    headers,
    socket: { remoteAddress },
  });
  const dev = { env: 'development' as const, metrics: { token: undefined, dbCacheMs: 0 } };
  const withToken = {
    ...dev,
    metrics: { token: 'a-metrics-token-of-32-characters', dbCacheMs: 0 },
  };

  it('lets a direct loopback connection in without a token, outside production only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(metricsAllowed(request(address), dev)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '203.0.113.7', '', '127.0.0.1.nip'])
      expect(metricsAllowed(request(address), dev)).toBe(false);
    expect(metricsAllowed(request('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), dev)).toBe(
      false,
    );
    expect(metricsAllowed(request('127.0.0.1'), { ...dev, env: 'production' })).toBe(false);
  });

  it('wants exactly `Bearer <token>` when a token is set, from anywhere', () => {
    const bearer = (value: string) => request('203.0.113.7', { authorization: value });
    expect(metricsAllowed(bearer('Bearer a-metrics-token-of-32-characters'), withToken)).toBe(true);
    expect(metricsAllowed(bearer('Bearer a-metrics-token-of-32-characterz'), withToken)).toBe(
      false,
    );
    expect(metricsAllowed(bearer('Bearer a-metrics-token'), withToken)).toBe(false);
    expect(metricsAllowed(bearer('a-metrics-token-of-32-characters'), withToken)).toBe(false);
    expect(metricsAllowed(request('127.0.0.1'), withToken)).toBe(false);
  });
});
