// A small keep-alive HTTP client for load scripts (node:http, no fetch overhead): JSON in and
// out, the wallet-user header, optional bearer token and Idempotency-Key, per-call latency.
import http from 'node:http';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  ms: number;
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
            const text = Buffer.concat(chunks).toString('utf8');
            let body: Record<string, unknown> = {};
            try {
              body = JSON.parse(text) as Record<string, unknown>;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body, text, ms: performance.now() - started });
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
