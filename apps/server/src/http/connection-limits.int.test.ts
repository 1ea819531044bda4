// Connection exhaustion (issue 16, decision 0047): a real listening server on 127.0.0.1 with
// small limits. Sockets beyond the per-address cap are closed at accept while another
// address is served; idle sockets (no request, between keep-alive requests, a request that
// never finishes) are closed after their timeouts, after which the address is served again.
// Every loop is bounded in count and every wait in time.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { startTestApp, type TestApp } from '../../test/helpers';

const REQUEST =
  'GET /api/lookup/active HTTP/1.1\r\nHost: 127.0.0.1\r\nx-wallet-user: member\r\n' +
  'Connection: close\r\n\r\n';

interface Opened {
  socket: Socket;
  /** Milliseconds from connect to the server closing it. */
  closed: Promise<number>;
  isClosed(): boolean;
  /** Everything the server sent. */
  received(): string;
}

/** Every client socket, destroyed after the tests (a held one would keep app.close waiting). */
const clients: Socket[] = [];

/** A TCP connection that sends nothing until told to. */
function open(port: number, localAddress = '127.0.0.1'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    clients.push(socket);
    let data = '';
    let done = false;
    const start = Date.now();
    const closed = new Promise<number>((resolveClosed) => {
      socket.on('close', () => {
        done = true;
        resolveClosed(Date.now() - start);
      });
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    // A reset (refused at accept) shows as an error before the close.
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({ socket, closed, isClosed: () => done, received: () => data }),
    );
    socket.once('error', reject);
  });
}

/** One request on a fresh connection: the status code, or 'closed' when refused. */
async function get(port: number, localAddress = '127.0.0.1'): Promise<number | 'closed'> {
  const c = await open(port, localAddress);
  c.socket.write(REQUEST);
  await Promise.race([c.closed, sleep(3000)]);
  c.socket.destroy();
  const status = /^HTTP\/1\.1 (\d{3})/.exec(c.received());
  return status ? Number(status[1]) : 'closed';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
}

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1500;
const KEEP_ALIVE_TIMEOUT_MS = 200;
/** Node keeps a kept-alive socket 1 s past keepAliveTimeout (its own safety buffer). */
const NODE_KEEP_ALIVE_BUFFER_MS = 1000;

describe('connection limits on a listening server', () => {
  let t: TestApp;
  const listening: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    for (const socket of clients) socket.destroy();
    for (const app of listening) await app.close();
    await t.close();
  });

  async function listen(
    http: Partial<Config['http']>,
    other: Partial<Config> = {},
  ): Promise<number> {
    const app = await t.rebuild({
      ...other,
      http: {
        ...t.config.http,
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
        ...http,
      },
    });
    listening.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return address.port;
  }

  it('closes sockets past the per-address cap at once, serves other addresses, and times idle ones out', async () => {
    const port = await listen({ maxConnectionsPerIp: 3, maxConnections: 0 });
    const idle: Opened[] = [];
    for (let i = 0; i < 5; i++) idle.push(await open(port));
    // The two past the cap are closed at accept, long before any timeout.
    await until(() => idle.filter((c) => c.isClosed()).length >= 2, 500);
    await sleep(100);
    expect(idle.map((c) => c.isClosed())).toEqual([false, false, false, true, true]);
    expect(idle[3]!.received() + idle[4]!.received()).toBe('');

    // The cap is per address: while 127.0.0.1 is full, 127.0.0.2 is served.
    expect(await get(port, '127.0.0.2')).toBe(200);
    expect(await get(port)).toBe('closed');

    // Idle sockets that never send a request are closed after the headers timeout ...
    const lifetimes = await Promise.all(idle.slice(0, 3).map((c) => c.closed));
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
    }
    expect(idle[0]!.received()).toMatch(/^HTTP\/1\.1 408/);
    // ... and the address is served again.
    expect(await get(port)).toBe(200);
  });

  it('closes a kept-alive socket after the keep-alive timeout and a stalled request after the request timeout', async () => {
    const port = await listen({ maxConnectionsPerIp: 3, maxConnections: 0 });
    const kept = await open(port);
    kept.socket.write(REQUEST.replace('Connection: close', 'Connection: keep-alive'));
    await until(() => kept.received().includes('\r\n\r\n'), 2000);
    expect(kept.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(kept.received()).toMatch(/\r\nconnection: keep-alive\r\n/i);
    const keptFor = await Promise.race([kept.closed, sleep(5000).then(() => Infinity)]);
    expect(keptFor).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + NODE_KEEP_ALIVE_BUFFER_MS + 500);

    // Headers arrive, the body never does: answered 408 and closed after the request timeout.
    const stalled = await open(port);
    stalled.socket.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nx-wallet-user: member\r\n' +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{"user',
    );
    const stalledFor = await Promise.race([stalled.closed, sleep(5000).then(() => Infinity)]);
    expect(stalledFor).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(stalledFor).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('exempts the trusted proxies TRUST_PROXY lists (every client arrives through them)', async () => {
    const port = await listen(
      { maxConnectionsPerIp: 1, maxConnections: 0 },
      {
        trustProxy: ['127.0.0.4'],
      },
    );
    const proxy = [await open(port, '127.0.0.4'), await open(port, '127.0.0.4')];
    const client = [await open(port, '127.0.0.5'), await open(port, '127.0.0.5')];
    await until(() => client[1]!.isClosed(), 500);
    await sleep(100);
    expect([...proxy, ...client].map((c) => c.isClosed())).toEqual([false, false, false, true]);
    expect(await get(port, '127.0.0.4')).toBe(200);
  });

  it('closes sockets past the total cap whatever their address', async () => {
    const port = await listen({ maxConnectionsPerIp: 0, maxConnections: 2 });
    const held = [await open(port), await open(port, '127.0.0.2')];
    const third = await open(port, '127.0.0.3');
    await until(() => third.isClosed(), 500);
    expect([...held.map((c) => c.isClosed()), third.isClosed()]).toEqual([false, false, true]);
    for (const c of held) c.socket.destroy();
    await sleep(100);
    expect(await get(port, '127.0.0.3')).toBe(200);
  });
});
