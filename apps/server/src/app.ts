// Builds the Fastify app and never listens (main.ts does). Plugins and modules load in an
// explicit order: security headers, rate limits, the /api hooks (wallet-user header, then
// 'gone'), the contract routes, the web app, and the one error / not-found handler.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { SandboxPayoutRail } from './adapters/sandbox-payout-rail';
import { withBetReportCache } from './adapters/cached-bet-reports';
import { SandboxGameProvider } from './adapters/sandbox-game-provider';
import { SandboxSmsSender } from './adapters/sandbox-sms-sender';
import { SandboxGiftLinkRedeemer } from './adapters/sandbox-gift-link-redeemer';
import { SandboxQrGateway } from './adapters/sandbox-qr-gateway';
import { LocalFileStore } from './adapters/local-file-store';
import { LocalChatHub } from './adapters/local-chat-hub';
import { WebPushSender } from './adapters/web-push-sender';
import { SandboxSlipVerifier } from './adapters/sandbox-slip-verifier';
import type { Config } from './config';
import { loadConfig } from './config';
import type { Db } from './db/database';
import { createDatabase } from './db/database';
import type { AppDeps } from './deps';
import { exemptAddresses, httpServerOptions, limitConnections } from './http/connection-limits';
import { installDrain } from './http/drain';
import { frameworkErrors, installErrorHandler, installNotFound } from './http/error-handler';
import { healthRoutes } from './http/health';
import { logDestination } from './http/log-format';
import { serializeRequest } from './http/log-redaction';
import { multipartLimits } from './http/multipart';
import { sharedRateLimitStore, SnapshotLocalStore } from './http/rate-limit-store';
import { MemorySharedCounter } from './adapters/memory-shared-counter';
import { RedisSharedCounter } from './adapters/redis-shared-counter';
import { DatabaseSharedCounter } from './db/shared-counter';
import type { PushSender } from './ports/push-sender';
import type { SharedCounter } from './ports/shared-counter';
import { installSecurityHeaders } from './http/security-headers';
import { memberHomePage } from './http/member-home';
import { registerWebApps } from './http/web-static';
import { installMetrics } from './observability/metrics';
import { metricSources } from './observability/sources';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { DomainError } from './lib/domain-error';
import { authorize, PasswordHasher } from './modules/auth';
import { recordAudit } from './modules/audit';
import { installChatSockets } from './modules/chat';
import { modules } from './modules';
import { configureLedger } from './modules/ledger';
import type { PayoutRail } from './ports/payout-rail';
import type { GameProvider } from './ports/game-provider';
import type { SmsSender } from './ports/sms-sender';
import type { GiftLinkRedeemer } from './ports/gift-link-redeemer';
import type { QrGateway } from './ports/qr-gateway';
import type { FileStore } from './ports/file-store';
import type { ChatHub } from './ports/chat-hub';
import type { SlipVerifier } from './ports/slip-verifier';

export interface BuildAppOptions {
  /** Full config, or overrides on top of the environment's (tests). */
  config?: Config;
  /** An open database (tests, main.ts); otherwise one is opened and closed with the app. */
  db?: Db;
  sms?: SmsSender;
  gameProvider?: GameProvider;
  payoutRail?: PayoutRail;
  qrGateway?: QrGateway;
  giftLinks?: GiftLinkRedeemer;
  slipVerifier?: SlipVerifier;
  fileStore?: FileStore;
  /** Live chat delivery; an in-process LocalChatHub by default (tests listen on it). */
  chatHub?: ChatHub;
  /** Shared counters (decision 0103); by default the kind config.shared.counters names. */
  counters?: SharedCounter;
  /** Web Push (decision 0152); by default the web-push library with config.push's VAPID pair. */
  pushSender?: PushSender;
  clock?: Clock;
  /** Where log lines go (tests read them), in config.logFormat; stdout by default. */
  logStream?: { write(line: string): void };
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const JSON_BODY_LIMIT = 1024 * 1024;
/** No upload is ever larger (the slip setting's maxFileBytes is smaller). */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** pino time as ISO UTC text. */
const isoTime = () => `,"time":"${new Date().toISOString()}"`;

/** Late-bound: the counters are made before the app's logger exists. */
type LateLog = { warn?: (details: object, message: string) => void };

/**
 * The SharedCounter that config.shared.counters names (decision 0103). Redis must answer at
 * start (limits that silently stop being shared are worse than not starting); its later
 * errors are logged at most once per 10 s.
 */
export async function createSharedCounter(
  config: Config,
  db: Db,
  clock: Clock,
  log: LateLog = {},
): Promise<SharedCounter> {
  switch (config.shared.counters) {
    case 'memory':
      return new MemorySharedCounter(clock);
    case 'database':
      return new DatabaseSharedCounter(db, clock);
    case 'redis': {
      if (!config.chat.redisUrl) throw new Error('SHARED_COUNTERS=redis needs REDIS_URL');
      let lastLog = 0;
      return RedisSharedCounter.connect(config.chat.redisUrl, {
        prefix: config.shared.redisKeyPrefix,
        onError: (error) => {
          if (Date.now() - lastLog < 10_000) return;
          lastLog = Date.now();
          log.warn?.({ err: error }, 'shared counters: Redis connection error');
        },
      });
    }
  }
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const ownsDb = !options.db;
  const db = options.db ?? createDatabase(config);
  // The ledger's shard count of new postings (decision 0101); one per process.
  configureLedger({ shards: config.ledger.shards });
  const lateLog: LateLog = {};
  const ownsCounters = !options.counters;
  const counters =
    options.counters ??
    (await createSharedCounter(config, db, options.clock ?? systemClock, lateLog));
  const deps: AppDeps = {
    config,
    db,
    clock: options.clock ?? systemClock,
    sms:
      options.sms ??
      new SandboxSmsSender({
        baseUrl: config.sandbox.url,
        apiKey: config.sandbox.apiKey,
        timeoutMs: config.sandbox.smsTimeoutMs,
      }),
    passwords: new PasswordHasher(config.argon2),
    gameProvider: withBetReportCache(
      options.gameProvider ??
        new SandboxGameProvider({
          baseUrl: config.sandbox.url,
          apiKey: config.sandbox.apiKey,
          timeoutMs: config.games.providerTimeoutMs,
        }),
      config.games.betReportCacheMs,
    ),
    payoutRail:
      options.payoutRail ??
      new SandboxPayoutRail({
        baseUrl: config.sandbox.url,
        apiKey: config.sandbox.apiKey,
        timeoutMs: config.withdraw.payoutTimeoutMs,
      }),
    qrGateway:
      options.qrGateway ??
      new SandboxQrGateway({
        baseUrl: config.sandbox.url,
        apiKey: config.sandbox.apiKey,
        timeoutMs: config.deposits.gatewayTimeoutMs,
      }),
    giftLinks:
      options.giftLinks ??
      new SandboxGiftLinkRedeemer({
        baseUrl: config.sandbox.url,
        apiKey: config.sandbox.apiKey,
        timeoutMs: config.deposits.gatewayTimeoutMs,
      }),
    slipVerifier:
      options.slipVerifier ??
      new SandboxSlipVerifier({
        baseUrl: config.sandbox.url,
        apiKey: config.sandbox.apiKey,
        timeoutMs: config.slips.verifyTimeoutMs,
      }),
    fileStore: options.fileStore ?? new LocalFileStore(config.slips.fileDir),
    chatHub: options.chatHub ?? new LocalChatHub(),
    counters,
    pushSender:
      options.pushSender ??
      new WebPushSender({
        publicKey: config.push.vapidPublicKey,
        privateKey: config.push.vapidPrivateKey,
        subject: config.push.vapidSubject,
        timeoutMs: config.push.timeoutMs,
      }),
  };

  const logStream = logDestination(config.logFormat, config.logLevel, options.logStream);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      timestamp: isoTime,
      ...(logStream ? { stream: logStream } : {}),
      // Request URLs without game passwords or link signatures (decision 0048).
      serializers: { req: serializeRequest },
      // Tokens and passwords never reach the log, whatever a log call passes.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          '*.password',
          '*.oldPassword',
          '*.newPassword',
          '*.token',
          '*.otpToken',
          '*.otpCode',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
    // Idle, headers and request timeouts (decision 0047); Fastify would otherwise set its own
    // keep-alive (72 s) and no request timeout. A socket silent for twice the request timeout
    // (a client that stopped reading an answer) is dropped too; the request timeout, shorter,
    // answers 408 first.
    http: httpServerOptions(config.http),
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: 2 * config.http.requestTimeoutMs,
    // A hop count becomes the function Fastify would build from it (its types omit numbers).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Generated request ids only; a client-sent x-request-id is not trusted.
    genReqId: () => randomUUID(),
  });
  app.decorate('deps', deps);
  lateLog.warn = (details, message) => app.log.warn(details, message);
  if (ownsCounters) app.addHook('onClose', async () => counters.close());
  // The access check of every contract route (http/ imports no module: decision 0063).
  app.decorate('authorizer', (access, authorization) => authorize(deps, access, authorization));
  // Every changing operator call writes its audit row through this (decision 0086).
  app.decorate('auditor', ({ operator, note, ...row }) =>
    recordAudit(deps, {
      ...row,
      operator: {
        operatorId: operator.operatorId,
        username: operator.username,
        role: operator.role,
      },
      target: note.target,
      before: note.before,
      after: note.after,
    }),
  );
  // Sockets past the per-address or total cap are closed as they are accepted (0047).
  limitConnections(app.server, config.http, {
    exempt: exemptAddresses(config.trustProxy),
    log: app.log,
  });
  installErrorHandler(app);
  // Prometheus /metrics and the per-route latency hook, before the routes (decision 0105).
  installMetrics(app, { config, db, sources: metricSources(deps) });
  // Live chat over Socket.IO on this app's HTTP server, with the Redis adapter when REDIS_URL
  // is set; deps.chatHub publishes to its rooms from here on (decision 0098).
  await installChatSockets(app);
  // Connection tracking for the drain, after the chat's engine (it wraps the request
  // listeners it finds), so every request is seen (decision 0102).
  installDrain(app);
  // JSON only: a text/plain body is refused (415) instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain');
  if (ownsDb) app.addHook('onClose', async () => db.destroy());

  installSecurityHeaders(app);
  // API answers are personal and change with the site's state ('gone' comes and goes):
  // no browser or proxy may keep them, or a lifted flag would still show /terminated.
  // Set as the default before routing (a route that allows caching sets its own), which
  // costs less than an async onSend hook on every answer.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  const sharedLimits = config.shared.counters !== 'memory';
  await app.register(rateLimit, {
    global: false,
    // One process: in memory, a copy of the counter per request (rate-limit-store.ts), so
    // bursts count right. Several: Redis or the database, seen by all (decision 0103); a
    // store that fails (Redis down) lets the request through, logged: the sign-in, OTP and
    // gift-link throttles are database rows and still hold.
    store: (sharedLimits ? sharedRateLimitStore(counters) : SnapshotLocalStore) as never,
    skipOnError: sharedLimits,
    errorResponseBuilder: () => new DomainError('REQUEST_LIMIT_1MIN', 429),
  });

  // Uploads (the slip): routes read them with per-request caps (http/multipart.ts); these
  // are the hard limits of any multipart body. Only endpoints marked multipart read one.
  await app.register(multipart, {
    limits: { ...multipartLimits, fileSize: MAX_UPLOAD_BYTES },
    throwFileSizeLimit: true,
  });

  // The modules' /api hooks, in the list's order: the wallet-user header, then 'gone'.
  for (const face of modules) if (face.onRequest) app.addHook('onRequest', face.onRequest(deps));

  // /healthz and /readyz for load balancers: no auth, no rate limit (decision 0102).
  healthRoutes(app, db);
  // Every module's routes, module by module in the one list's order (modules/index.ts:
  // decision 0136); each plugin is encapsulated. The OpenAPI document only with API_DOCS (0048).
  for (const face of modules) {
    if (face.routesWhen && !face.routesWhen(config)) continue;
    for (const routes of face.routes ?? []) await app.register(routes);
  }

  // The operator console under /console/ (decision 0087), the member app everywhere else.
  const webNotFound = await registerWebApps(app, [
    {
      prefix: '/console/',
      dist: config.consoleDist,
      name: 'operator console',
      build: 'npm run build',
    },
    {
      prefix: '/',
      dist: config.webDist,
      name: 'web app',
      build: 'npm run build',
      page: memberHomePage(app, config.webServerDist),
    },
  ]);
  installNotFound(app, webNotFound);
  return app;
}
