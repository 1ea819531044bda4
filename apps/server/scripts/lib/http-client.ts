// A small keep-alive HTTP client for load scripts (node:http, no fetch overhead): JSON in and
// out, the wallet-user header, optional bearer token and Idempotency-Key, per-call latency.
import http from 'node:http';

export interface Answer {
  status: number;
  /** The answer parsed as JSON ({} when it is not JSON). */
  readonly body: Record<string, unknown>;
  readonly text: string;
  /** The body's size in bytes. */
  bytes: number;
  ms: number;
}

/**
 * The body is decoded and parsed only when a caller reads `text` or `body`: a load loop that
 * checks only the status (GET /api/wallet's 5.7 KB, the bare route) would otherwise spend its
 * CPU, which the server shares on this 2-core machine, parsing answers it never reads.
 */
class LazyAnswer implements Answer {
  private decoded: string | undefined;
  private parsed: Record<string, unknown> | undefined;
  readonly bytes: number;

  constructor(
    readonly status: number,
    private readonly raw: Buffer,
    readonly ms: number,
  ) {
    this.bytes = raw.length;
  }

  get text(): string {
    this.decoded ??= this.raw.toString('utf8');
    return this.decoded;
  }

  get body(): Record<string, unknown> {
    if (this.parsed === undefined) {
      try {
        this.parsed = JSON.parse(this.text) as Record<string, unknown>;
      } catch {
        this.parsed = {}; // not JSON
      }
    }
    return this.parsed;
  }
}

export interface CallOptions {
  token?: string;
  key?: string;
  body?: unknown;
  timeoutMs?: number;
}

export interface HttpClient {
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Drops idle keep-alive sockets (e.g. after the server was killed). */
  reset(): void;
  close(): void;
}

export function createClient(baseUrl: string, connections = 64): HttpClient {
  const url = new URL(baseUrl);
  let agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const call = (method: string, path: string, options: CallOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            'x-wallet-user': 'member',
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.key ? { 'idempotency-key': options.key } : {}),
          },
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
            resolve(new LazyAnswer(res.statusCode ?? 0, raw, performance.now() - started));
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(payload);
    });
  return {
    call,
    reset() {
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Percentile (0..1) of a list of latencies, rounded to 0.1 ms. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10;
}
