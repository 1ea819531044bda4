// Prometheus metrics at /metrics (issue 15, decision 0105), with prom-client.
//
// Two kinds of figures:
// - per process: request latency per route pattern, the database pool, Node's own
//   (collectDefaultMetrics). With several processes (node:cluster) the answering worker asks
//   the primary for the cluster's sum (cluster-metrics.ts), so a scrape sees every process.
// - read from the database at scrape time (money outcomes, reconcile backlog: `DbSource`s the
//   composition level hands in). They are the same in every process, so they are read once,
//   by the answering process, outside the aggregation; cached `dbCacheMs` and read by one
//   scrape at a time, so scrapes cannot multiply database work.
//
// Access (decision 0105): `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
// without a token, off in production, and elsewhere only a direct loopback connection with no
// X-Forwarded-For / Forwarded header. Anything else gets the plain 404 of an unknown /api path.
import { createHash, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { poolStatsOf } from '../db/database';
import { askPrimaryForClusterMetrics, serveWorkerMetrics } from './cluster-metrics';

/** A gauge read from the database at scrape time. */
export interface DbGauge {
  name: string;
  help: string;
  labelNames: readonly string[];
}

/** One value of a DbGauge. */
export interface DbFigure {
  gauge: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the values of its gauges (one read may serve several gauges). */
export interface DbSource {
  gauges: readonly DbGauge[];
  read(): Promise<DbFigure[]>;
}

export interface MetricsOptions {
  config: Pick<Config, 'env' | 'metrics'>;
  db: Db;
  sources: readonly DbSource[];
  /** Time source of the cache (tests). */
  now?: () => number;
}

export const METRICS_PATH = '/metrics';

/** Latency buckets (seconds): from a cached read to a slow outside call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** Node's own figures (CPU, memory, event loop, GC): one set per process, however many apps. */
function processDefaults(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** 2xx, 4xx... (the exact code would multiply the series for little use). */
const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether this request may read /metrics (see the file's head). */
export function metricsAllowed(
  request: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } },
  config: Pick<Config, 'env' | 'metrics'>,
): boolean {
  const token = config.metrics.token;
  if (token !== undefined) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (.+)$/.exec(header) : null;
    // Digests of equal length: the comparison time tells nothing about the token.
    return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
  }
  if (config.env === 'production') return false;
  if (request.headers['x-forwarded-for'] !== undefined) return false;
  if (request.headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** One read of the database figures: the values by gauge, how long it took, what failed. */
interface Reading {
  figures: Map<string, DbFigure[]>;
  seconds: number;
  failed: number;
}

/** Reads every source, at most once per `ttlMs`, one read at a time. */
function cachedReader(
  sources: readonly DbSource[],
  ttlMs: number,
  now: () => number,
  log: FastifyInstance['log'],
) {
  let cached: { at: number; reading: Reading } | undefined;
  let running: Promise<Reading> | undefined;
  const load = async (): Promise<Reading> => {
    const started = now();
    const figures = new Map<string, DbFigure[]>();
    let failed = 0;
    // One after another: a scrape holds at most one database connection.
    for (const source of sources) {
      try {
        for (const figure of await source.read())
          figures.set(figure.gauge, [...(figures.get(figure.gauge) ?? []), figure]);
      } catch (error) {
        failed++;
        const gauges = source.gauges.map((gauge) => gauge.name);
        log.error({ err: error, gauges }, 'metrics: reading database figures failed');
      }
    }
    const reading = { figures, seconds: (now() - started) / 1000, failed };
    cached = { at: now(), reading };
    return reading;
  };
  return async (): Promise<Reading> => {
    if (cached && now() - cached.at < ttlMs) return cached.reading;
    running ??= load().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * Records request latency on every route and serves GET /metrics. Call early in buildApp
 * (before the routes) so the hook sees them all.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { config, db } = options;
  const now = options.now ?? Date.now;

  // Per process (summed over the cluster's workers).
  const perProcess = new Registry();
  const latency = new Histogram({
    name: 'wallet_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [perProcess],
  });
  new Gauge({
    name: 'wallet_db_pool_connections',
    help: 'Database connections by pool and state (total, idle, waiting: callers waiting for one; SQLite: the one connection and the transactions waiting for it).',
    labelNames: ['pool', 'state'] as const,
    registers: [perProcess],
    collect() {
      this.reset();
      for (const pool of poolStatsOf(db)) {
        this.set({ pool: pool.pool, state: 'total' }, pool.total);
        this.set({ pool: pool.pool, state: 'idle' }, pool.idle);
        this.set({ pool: pool.pool, state: 'waiting' }, pool.waiting);
        this.set({ pool: pool.pool, state: 'max' }, pool.max);
      }
    },
  });
  new Gauge({
    name: 'wallet_server_processes',
    help: 'Server processes whose figures this answer sums (1 per process).',
    registers: [perProcess],
  }).set(1);

  // Read from the database by the answering process, never summed.
  const fromDb = new Registry();
  const read = cachedReader(options.sources, config.metrics.dbCacheMs, now, app.log);
  // Each gauge waits for the read (the first one to ask starts it; the others share it).
  new Gauge({
    name: 'wallet_metrics_db_read_seconds',
    help: 'How long the last read of the database figures took.',
    registers: [fromDb],
    async collect() {
      this.set((await read()).seconds);
    },
  });
  new Gauge({
    name: 'wallet_metrics_db_up',
    help: '1 when every database figure was read at the last read, 0 when one failed.',
    registers: [fromDb],
    async collect() {
      this.set((await read()).failed ? 0 : 1);
    },
  });
  for (const spec of options.sources.flatMap((source) => source.gauges)) {
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames,
      registers: [fromDb],
      async collect() {
        const figures = (await read()).figures.get(spec.name);
        this.reset();
        for (const figure of figures ?? []) this.set(figure.labels, figure.value);
      },
    });
  }

  if (cluster.isWorker) serveWorkerMetrics([processDefaults(), perProcess]);

  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      {
        // The pattern ('/api/qrcode/:bankCode'), never the URL: ids would make a series each.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Scraped every few seconds: not worth an info line each.
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (!metricsAllowed({ headers: request.headers, socket: request.raw.socket }, config))
      return reply.code(404).send({ message: 'NO_DATA' });
    const ownText = async () => (await processDefaults().metrics()) + (await perProcess.metrics());
    const processes = cluster.isWorker ? await askPrimaryForClusterMetrics() : undefined;
    const body = (processes ?? (await ownText())) + (await fromDb.metrics());
    reply.header('cache-control', 'no-store');
    return reply.type(perProcess.contentType).send(body);
  });
}
