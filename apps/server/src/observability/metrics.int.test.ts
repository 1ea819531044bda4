// /metrics (issue 15, decision 0105): who may read it, and that its figures move with what
// happens: a transfer moves the money outcome, the latency histogram is labelled by route
// pattern, a due reconcile item shows in the backlog, the pool is reported.
import { describe, expect, it } from 'vitest';
import { activate, newMember, transfer } from '../../test/game-support';
import type { TestApp } from '../../test/helpers';
import { dialects, forEachDialect, reconcilePass, startTestApp } from '../../test/helpers';
import { gameTransfersFlow } from '../modules/games';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** The value of one series in Prometheus text ('' labels: none), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (t: TestApp, headers: Record<string, string> = {}, ip?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers,
    ...(ip ? { remoteAddress: ip } : {}),
  });

forEachDialect(
  'metrics: figures',
  (get) => {
    it('counts a transfer in the money outcome and its route pattern in the histogram', async () => {
      const t = get();
      const before = (await scrape(t)).body;
      // The first scrape already carries the read it started.
      expect(valueOf(before, 'wallet_metrics_db_up')).toBe(1);
      expect(valueOf(before, 'wallet_metrics_db_read_seconds')).toBeGreaterThan(0);
      const posted = (text: string) =>
        valueOf(text, 'wallet_game_transfers', { direction: 'in', status: 'POSTED' }) ?? 0;
      const m = await newMember(t, 500);
      await activate(t, m, 'PG');
      const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 100 });
      expect(res.statusCode).toBe(200);

      const after = await scrape(t);
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(posted(after.body)).toBe(posted(before) + 1);
      // The pattern of the launch route, never the code it was called with.
      const launch = { route: '/api/wallet/activate/:code', method: 'GET', status_class: '2xx' };
      expect(valueOf(after.body, 'wallet_http_request_duration_seconds_count', launch)).toBe(1);
      expect(after.body).not.toContain('/api/wallet/activate/PG');
      expect(
        valueOf(after.body, 'wallet_http_request_duration_seconds_count', {
          route: '/api/wallet/transfer',
          method: 'POST',
          status_class: '2xx',
        }),
      ).toBe(1);
      // Node's own figures, the pool, and the process count.
      expect(valueOf(after.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      const pool = t.dialect === 'postgres' ? 'main' : 'sqlite';
      expect(
        valueOf(after.body, 'wallet_db_pool_connections', { pool, state: 'total' }),
      ).toBeGreaterThanOrEqual(1);
      expect(valueOf(after.body, 'wallet_db_pool_connections', { pool, state: 'waiting' })).toBe(0);
      expect(valueOf(after.body, 'wallet_server_processes')).toBe(1);
      expect(valueOf(after.body, 'wallet_metrics_db_up')).toBe(1);
    });

    it('shows a due reconcile item in the backlog until it is settled', async () => {
      const t = get();
      const backlogOf = async () => {
        const text = (await scrape(t)).body;
        return {
          due: valueOf(text, 'wallet_reconcile_backlog', { flow: 'game-transfers' }),
          age: valueOf(text, 'wallet_reconcile_oldest_due_seconds', { flow: 'game-transfers' }),
        };
      };
      expect(await backlogOf()).toEqual({ due: 0, age: 0 });
      const m = await newMember(t, 500);
      await activate(t, m, 'JOKER');
      t.games.down.add('JOKER');
      try {
        // No answer: the outcome is unknown, the transfer stays PENDING for the reconciler.
        await transfer(t, m, { from: 'WALLET', to: 'JOKER', amount: 50 });
      } finally {
        t.games.down.delete('JOKER');
      }
      // Due for the reconciler once the clock passes its next attempt.
      t.clock.advance(10 * 60_000);
      const due = await backlogOf();
      expect(due.due).toBe(1);
      expect(due.age).toBeGreaterThan(0);
      const pass = await reconcilePass(gameTransfersFlow(t.app.deps), t.app.deps);
      expect(pass.settled).toBe(1);
      expect(await backlogOf()).toEqual({ due: 0, age: 0 });
    });
  },
  { metrics: { token: undefined, dbCacheMs: 0 } },
);

describe.each(dialects)('metrics: access [%s]', (dialect) => {
  it('answers the token, else a plain 404; without a token loopback only, never in production', async () => {
    const t = await startTestApp(dialect, { metrics: { token: TOKEN, dbCacheMs: 5000 } });
    try {
      const refused = [
        await scrape(t), // loopback, no token: the token is set, so it is required
        await scrape(t, { authorization: 'Bearer wrong-token-0123456789abcdef0123' }),
        await scrape(t, { authorization: `Bearer ${TOKEN}x` }),
        await scrape(t, { authorization: TOKEN }),
        await scrape(t, { authorization: `Basic ${TOKEN}` }),
      ];
      for (const res of refused) {
        // What an unknown /api path or /api/docs turned off answers: nothing to tell apart.
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'NO_DATA' });
      }
      const ok = await scrape(t, { authorization: `Bearer ${TOKEN}` }, '203.0.113.7');
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('wallet_http_request_duration_seconds');

      // No token, outside production: a direct loopback connection only.
      const open = await t.rebuild({ metrics: { token: undefined, dbCacheMs: 5000 } });
      const get = (headers: Record<string, string>, remoteAddress: string) =>
        open.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      expect((await get({}, '127.0.0.1')).statusCode).toBe(200);
      expect((await get({}, '::1')).statusCode).toBe(200);
      expect((await get({}, '203.0.113.7')).statusCode).toBe(404);
      expect((await get({ 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1')).statusCode).toBe(404);
      expect((await get({ forwarded: 'for=203.0.113.7' }, '127.0.0.1')).statusCode).toBe(404);

      // No token in production: off, even from loopback.
      const production = await t.rebuild({
        env: 'production',
        metrics: { token: undefined, dbCacheMs: 5000 },
      });
      const off = await production.inject({ method: 'GET', url: '/metrics' });
      expect(off.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
