// /healthz, /readyz and the HTTP drain (decision 0102). The drain runs on a real listening
// server on 127.0.0.1: a request in flight finishes (answered with Connection: close), a
// kept-alive connection used during the drain is closed after its answer, an idle one after
// the linger, new connections are refused, and past the grace time what is left is cut.
// Every wait is bounded.
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import type { Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, forEachDialect, testConfig } from './helpers';
import type { TestApp } from './helpers';
import type { ReadyAnswer } from '../src/http/health';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every client socket and extra app, closed after the tests. */
const sockets: Socket[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface Conn {
  socket: Socket;
  /** Sends one request and waits for its complete answer (Content-Length bodies). */
  request(path: string): Promise<{ status: number; headers: string; body: string }>;
  closed: Promise<void>;
  isClosed(): boolean;
}

function open(port: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    let buffer = '';
    let waiter: (() => void) | undefined;
    let done = false;
    const closed = new Promise<void>((r) =>
      socket.on('close', () => {
        done = true;
        waiter?.();
        r();
      }),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      waiter?.();
    });
    socket.on('error', () => undefined);
    const request = async (path: string) => {
      buffer = '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const deadline = Date.now() + 5000;
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const headers = buffer.slice(0, end);
          const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
            return { status, headers, body: buffer.slice(end + 4, end + 4 + length) };
          }
        }
        if (done) throw new Error(`connection closed without a complete answer to ${path}`);
        if (Date.now() > deadline) throw new Error(`no answer to ${path} within 5 s`);
        await new Promise<void>((r) => {
          waiter = r;
          setTimeout(r, 100);
        });
      }
    };
    socket.once('connect', () => resolve({ socket, request, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

/** Connects and reports 'refused' when nothing listens any more. */
function tryConnect(port: number): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    socket.once('connect', () => resolve('connected'));
    socket.once('error', () => resolve('refused'));
  });
}

/** A listening app on the test's database with a slow route (ms from the query). */
async function listeningApp(t: TestApp): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: t.config, db: t.db, clock: t.clock });
  app.get<{ Querystring: { ms: string } }>('/test/slow', async (request) => {
    await sleep(Number(request.query.ms));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => app.close());
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

/** An app on another database (closed by the cleanups). */
async function appOn(t: TestApp, db: Db): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db, clock: t.clock });
  cleanups.push(() => app.close());
  return app;
}

forEachDialect('health checks and drain', (get) => {
  it('answers /healthz and /readyz without auth, headers or rate limit', async () => {
    const t = get();
    const alive = await t.call('GET', '/healthz', { noWalletHeader: true });
    expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'ok' }]);
    expect(alive.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 40; i++) {
      const ready = await t.call('GET', '/readyz', { noWalletHeader: true });
      expect([ready.statusCode, ready.json()]).toEqual([
        200,
        { status: 'ok', checks: { draining: 'ok', database: 'ok', migrations: 'ok' } },
      ]);
    }
  });

  it('answers /readyz 503 "database" when the database does not answer', async () => {
    const t = get();
    const db = createDatabase(t.config);
    const app = await appOn(t, db);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await db.destroy();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect([down.statusCode, down.json<ReadyAnswer>()]).toEqual([
      503,
      {
        status: 'unavailable',
        failed: 'database',
        checks: { draining: 'ok', database: 'failed', migrations: 'skipped' },
      },
    ]);
    // Nothing about the failure (a connection string, a path) reaches the caller.
    expect(down.body).not.toMatch(/postgres|sqlite|destroyed|wallet/i);
    if (t.dialect === 'postgres') {
      // A PostgreSQL that refuses connections (nothing listens on the port).
      const url = new URL(String((t.config.database as { url: string }).url));
      url.port = '1';
      const refused = createDatabase({ database: { kind: 'postgres', url: url.toString() } });
      cleanups.push(() => refused.destroy());
      const app2 = await appOn(t, refused);
      const res = await app2.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json<ReadyAnswer>().failed]).toEqual([503, 'database']);
    }
  });

  it('answers /readyz 503 "migrations" until every migration is applied', async () => {
    const t = get();
    const fresh = await createTestDatabase(t.dialect);
    const db = createDatabase(testConfig(fresh.database));
    cleanups.push(async () => {
      await db.destroy();
      await fresh.drop();
    });
    const app = await appOn(t, db);
    const empty = await app.inject({ method: 'GET', url: '/readyz' });
    expect([empty.statusCode, empty.json<ReadyAnswer>()]).toEqual([
      503,
      {
        status: 'unavailable',
        failed: 'migrations',
        checks: { draining: 'ok', database: 'ok', migrations: 'failed' },
      },
    ]);
    await migrateToLatest(db);
    await sql`delete from kysely_migration where name = '0023-chat'`.execute(db);
    const behind = await app.inject({ method: 'GET', url: '/readyz' });
    expect([behind.statusCode, behind.json<ReadyAnswer>().failed]).toEqual([503, 'migrations']);
    await sql`insert into kysely_migration (name, timestamp) values ('0023-chat', ${new Date().toISOString()})`.execute(
      db,
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('drains: finishes the request in flight, closes kept-alive connections, refuses new ones', async () => {
    const t = get();
    const { app, port } = await listeningApp(t);
    const used = await open(port); // kept alive, used again during the drain
    expect((await used.request('/healthz')).status).toBe(200);
    const idle = await open(port); // kept alive, never used again
    // Taken before the request: the server counts the linger from the end of its answer,
    // which is after this and may be after the client has read the answer.
    const idleAsked = Date.now();
    expect((await idle.request('/healthz')).status).toBe(200);
    const slow = await open(port);
    const slowAnswer = slow.request('/test/slow?ms=600');
    await sleep(100);
    expect(app.lifecycle.inFlight()).toBe(1);

    // The linger is long enough for the kept-alive connection's next request to arrive on a
    // loaded machine (two test files per core): at 300 ms it was once closed as idle first.
    const drained = app.lifecycle.drain({ graceMs: 5000, lingerMs: 1500 });
    expect(app.lifecycle.draining).toBe(true);
    // A connection open before the drain still gets answers, each closing it.
    const notReady = await used.request('/readyz');
    expect(notReady.status).toBe(503);
    expect(JSON.parse(notReady.body)).toMatchObject({ status: 'unavailable', failed: 'draining' });
    expect(notReady.headers).toMatch(/^connection: close$/im);
    await Promise.race([used.closed, sleep(2000)]);
    expect(used.isClosed()).toBe(true);
    // No new connection.
    expect(await tryConnect(port)).toBe('refused');
    // The request in flight finishes, told to close its connection.
    const answer = await slowAnswer;
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { done: true }]);
    expect(answer.headers).toMatch(/^connection: close$/im);
    const report = await drained;
    expect(report).toMatchObject({ inFlightAtStart: 1, cut: 0 });
    expect(report.closedIdle).toBeGreaterThanOrEqual(1);
    // The idle connection was kept for the linger (counted from its last answer), then closed.
    expect(Date.now() - idleAsked).toBeGreaterThanOrEqual(1500);
    await Promise.race([idle.closed, sleep(2000)]);
    expect(idle.isClosed()).toBe(true);
    // Fastify's close finds the server stopped and completes.
    await Promise.race([
      app.close(),
      sleep(5000).then(() => Promise.reject(new Error('close hung'))),
    ]);
  });

  it('cuts a request still running at the end of the grace time', async () => {
    const t = get();
    const { app, port } = await listeningApp(t);
    const slow = await open(port);
    const answer = slow.request('/test/slow?ms=3000').catch((error: Error) => error);
    await sleep(100);
    const started = Date.now();
    const report = await app.lifecycle.drain({ graceMs: 400, lingerMs: 100 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(report).toMatchObject({ inFlightAtStart: 1, cut: 1 });
    expect(String(await answer)).toMatch(/closed without a complete answer/);
  });
});
