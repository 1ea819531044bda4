// The Redis SharedCounter (decision 0103), used when REDIS_URL is set: one script per hit
// (INCRBY the amount, and PEXPIRE when the key has no expiry yet: the first hit of a window), so every
// process sees the same count and the window ends by Redis's clock. Its own node-redis
// client (the chat adapter's are pub/sub), no offline queue: while Redis is unreachable a hit
// fails at once instead of waiting, and the caller decides (decision 0103).
import { createClient } from 'redis';
import type { SharedCounter, WindowHit } from '../ports/shared-counter';

const CONNECT_TIMEOUT_MS = 5000;
const reconnectDelay = (retries: number) => Math.min(5000, 100 * 2 ** Math.min(retries, 6));

const HIT_SCRIPT = `
if tonumber(ARGV[2]) < 0 and redis.call('EXISTS', KEYS[1]) == 0 then
  return {0, 0}
end
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type Client = ReturnType<typeof createClient>;

export class RedisSharedCounter implements SharedCounter {
  readonly kind = 'redis';

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  /**
   * Connects within 5 s or throws (the server does not start with limits it cannot share);
   * later outages reconnect with backoff, reported through `onError`.
   */
  static async connect(
    url: string,
    options: { prefix?: string; onError?: (error: unknown) => void } = {},
  ): Promise<RedisSharedCounter> {
    const client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
    });
    client.on('error', options.onError ?? (() => undefined));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.connect(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Redis did not answer within 5 s (REDIS_URL)')),
            CONNECT_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      await client.disconnect().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return new RedisSharedCounter(client, options.prefix ?? 'wallet:window:');
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowHit> {
    const reply = (await this.client.eval(HIT_SCRIPT, {
      keys: [this.prefix + key],
      arguments: [String(windowMs), String(Math.trunc(amount))],
    })) as [number, number];
    return { count: Number(reply[0]), ttlMs: Number(reply[1]) };
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }
}
