// The Socket.IO Redis adapter (decision 0098): with REDIS_URL set, every emit of one process
// reaches the sockets of the others through Redis pub/sub. node-redis 4 (the adapter's
// supported client). At start the connection must come up within REDIS_CONNECT_TIMEOUT_MS or
// the server does not start (a chat that silently delivers only locally is worse); later
// outages are reconnected with backoff and logged, and local delivery goes on meanwhile.
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

const REDIS_CONNECT_TIMEOUT_MS = 5000;
/** Reconnect backoff: 100 ms growing to 5 s, never giving up while the process runs. */
const reconnectDelay = (retries: number) => Math.min(5000, 100 * 2 ** Math.min(retries, 6));

export interface RedisAdapterHandle {
  close(): Promise<void>;
}

/** The URL without its password, for logs. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

export async function connectRedisAdapter(
  io: Server,
  url: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapterHandle> {
  const pub = createClient({
    url,
    socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
  });
  const sub = pub.duplicate();
  let lastErrorLog = 0;
  const onError = (error: unknown) => {
    // An outage repeats the error at every retry: once per 10 s is enough.
    const now = Date.now();
    if (now - lastErrorLog < 10_000) return;
    lastErrorLog = now;
    log.warn({ err: error, redis: shown(url) }, 'chat sockets: Redis connection error');
  };
  pub.on('error', onError);
  sub.on('error', onError);

  const closeBoth = async () => {
    await Promise.allSettled(
      [pub, sub].map(async (client) => {
        if (client.isOpen) await client.quit();
      }),
    );
  };

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis at ${shown(url)} did not answer within 5 s (REDIS_URL)`)),
          REDIS_CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await Promise.allSettled([pub, sub].map((client) => client.disconnect()));
    throw error;
  } finally {
    clearTimeout(timer);
  }
  io.adapter(createAdapter(pub, sub));
  log.info({ redis: shown(url) }, 'chat sockets: Redis adapter connected');
  return { close: closeBoth };
}
