// Chat socket tests (decision 0098): Socket.IO clients on loopback that record what they
// receive, and a throwaway Redis for the two-process test (TEST_REDIS_URL when
// scripts/with-redis.sh set it, else a redis-server this helper starts and stops itself).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatSocket } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { io as ioClient } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';

/** Listens on a free loopback port; answers the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface Received {
  event: string;
  payload: unknown;
}

export interface TestClient {
  socket: ClientSocket;
  received: Received[];
  /** Resolves when `count` events have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): void;
}

/** Every client a test opened, closed by closeClients(). */
const opened: ClientSocket[] = [];

/**
 * A connected client (websocket only, no automatic reconnection unless asked). Rejects with
 * the server's refusal code (connect_error's message) when the handshake is refused.
 */
export function connectClient(
  baseUrl: string,
  auth: Record<string, unknown>,
  options: { reconnection?: boolean; extraHeaders?: Record<string, string> } = {},
): Promise<TestClient> {
  const socket = ioClient(baseUrl, {
    path: chatSocket.path,
    auth,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
    timeout: 5000,
    forceNew: true,
    ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
  });
  opened.push(socket);
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    for (const wake of waiters.splice(0)) wake();
  });
  const client: TestClient = {
    socket,
    received,
    waitFor: (count, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`expected ${count} events, got ${received.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(deadline);
            resolve(received);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function closeClients(): void {
  for (const socket of opened.splice(0)) socket.close();
}

/** Waits `ms` (to show that nothing more arrives). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Emits `join` and answers the server's acknowledgement. */
export function rejoin(client: TestClient, ...args: unknown[]): Promise<unknown> {
  return client.socket.timeout(5000).emitWithAck(chatSocket.join, ...args);
}

// --- Redis -----------------------------------------------------------------------------------

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function pingRedis(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

/**
 * The Redis of TEST_REDIS_URL, or a throwaway redis-server on a free loopback port (no
 * persistence), stopped by `stop()`. Fails when neither is possible: CI installs
 * redis-server (.ci/run); by hand, `apt-get install redis-server` or scripts/with-redis.sh.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const given = process.env.TEST_REDIS_URL;
  if (given) return { url: given, stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'wallet-redis-'));
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    );
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    for (let i = 0; i < 50 && !exited; i++) {
      const ready = await Promise.race([
        pingRedis(port),
        spawnError.then((error) => {
          throw new Error(
            `redis-server could not start (${error.message}): apt-get install redis-server, or run under scripts/with-redis.sh`,
          );
        }),
      ]);
      if (ready)
        return {
          url: `redis://127.0.0.1:${port}`,
          stop: async () => {
            if (!exited) {
              const gone = new Promise((resolve) => child.once('exit', resolve));
              child.kill('SIGTERM');
              await Promise.race([gone, pause(3000)]);
              if (!exited) child.kill('SIGKILL');
            }
            rmSync(dir, { recursive: true, force: true });
          },
        };
      await pause(100);
    }
    if (!exited) child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error('redis-server did not start on a loopback port in three attempts');
}
