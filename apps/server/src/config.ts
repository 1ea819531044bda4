// The only reader of process.env (architecture.md). Every setting is validated with zod at
// start; a bad value stops the server with a message naming the variable.
import { createECDH, createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

type Env = Record<string, string | undefined>;

const serverPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** true / false / 1 / 0 / yes / no; undefined when unset. */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));

const bool = (fallback: boolean) => optionalBool().transform((v) => v ?? fallback);

/** A megabyte, as the MB settings count (2^20 bytes). */
const MB = 1024 * 1024;

const int = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(3000, 0, 65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SQLITE_PATH: z.string().min(1).default('./data/wallet.db'),
  SANDBOX_URL: z.url().default('http://127.0.0.1:3100'),
  SANDBOX_API_KEY: z.string().min(1).optional(),
  SMS_TIMEOUT_MS: int(5000, 100, 60000),
  WEB_DIST: z.string().min(1).optional(),
  WEB_SERVER_DIST: z.string().min(1).optional(),
  CONSOLE_DIST: z.string().min(1).optional(),
  ARTWORK_DIR: z.string().min(1).optional(),
  // Default: on outside production, off in production (decision 0046).
  SEED_DEMO: optionalBool(),
  // Development and tests: the server's clock runs ahead by the ms in this file (0085).
  DEV_CLOCK_FILE: z.string().min(1).optional(),
  OPERATOR_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  // The demo operators' authenticator secret (decision 0086); only seeded with the demo data.
  OPERATOR_DEMO_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'must be base32 (A-Z, 2-7), 16 to 64 characters')
    .optional(),
  LAO_BUILD: bool(false),
  SESSION_IDLE_MINUTES: int(7 * 24 * 60, 1, 366 * 24 * 60),
  SESSION_ABSOLUTE_DAYS: int(30, 1, 366),
  OPERATOR_SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
  OPERATOR_SESSION_ABSOLUTE_HOURS: int(12, 1, 7 * 24),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_MIN: int(20, 1, 100000),
  RATE_LIMIT_OTP_PER_MIN: int(10, 1, 100000),
  OTP_VERIFIED_MINUTES: int(30, 1, 12 * 60),
  RATE_LIMIT_REGISTER_PER_MIN: int(20, 1, 100000),
  LOGIN_MAX_FAILURES: int(5, 1, 1000),
  LOGIN_ACCOUNT_MAX_FAILURES: int(50, 1, 100000),
  LOGIN_LOCK_MINUTES: int(15, 1, 24 * 60),
  PROVIDER_TIMEOUT_MS: int(5000, 50, 60000),
  BET_REPORT_CACHE_MS: int(3000, 0, 60000),
  PROVIDER_PUBLIC_URL: z.url().optional(),
  RECONCILE_INTERVAL_MS: int(5000, 100, 3_600_000),
  GAME_CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  PAYOUT_TIMEOUT_MS: int(10000, 100, 120000),
  WITHDRAW_AUTO_LIMIT_BAHT: int(5000, 0, 10_000_000),
  PAYOUT_RECONCILE_INTERVAL_MS: int(15000, 100, 3_600_000),
  BANK_CHANGE_REVIEW_HOURS: int(24, 0, 24 * 90),
  ADJUSTMENT_REVIEW_HOURS: int(24, 0, 24 * 90),
  AUDIT_SIGN_IN_ROWS_PER_IP_HOUR: int(20, 1, 100_000),
  AUDIT_SIGN_IN_ROWS_PER_HOUR: int(1000, 1, 10_000_000),
  QR_EXPIRY_SECONDS: int(600, 30, 24 * 3600),
  QR_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SERVER_PUBLIC_URL: z.url().optional(),
  GIFT_RECEIVING_PHONE: z
    .string()
    .regex(/^\d{10}$/, 'must be a 10-digit phone number')
    .default('0600000000'),
  DEPOSIT_GATEWAY_TIMEOUT_MS: int(5000, 100, 60000),
  DEPOSIT_RECONCILE_INTERVAL_MS: int(10000, 100, 3_600_000),
  RATE_LIMIT_GIFT_LINK_PER_MIN: int(10, 1, 100000),
  GIFT_LINK_MAX_FAILURES: int(10, 1, 1000),
  GIFT_LINK_LOCK_MINUTES: int(15, 1, 24 * 60),
  // Promotion codes and the spin wheel (issue 25, decision 0120).
  RATE_LIMIT_PROMOTION_CODE_PER_MIN: int(30, 1, 100000),
  PROMOTION_CODE_PER_MEMBER_PER_MIN: int(10, 1, 100000),
  PROMOTION_CODE_MAX_FAILURES: int(10, 1, 1000),
  PROMOTION_CODE_LOCK_MINUTES: int(15, 1, 24 * 60),
  RATE_LIMIT_SPIN_PER_MIN: int(60, 1, 100000),
  SPIN_PER_MEMBER_PER_MIN: int(20, 1, 100000),
  TURNOVER_PER_MEMBER_PER_MIN: int(60, 1, 100000),
  STATEMENT_EXPORT_PER_MEMBER_PER_MIN: int(6, 1, 100000),
  SLIP_VERIFY_TIMEOUT_MS: int(5000, 100, 60000),
  SLIP_RETRY_INTERVAL_MS: int(15000, 100, 3_600_000),
  SLIP_VERIFY_MAX_ATTEMPTS: int(10, 1, 1000),
  FILE_STORE_DIR: z.string().min(1).default('./data/files'),
  // `npm run backup` writes its SQLite copies here (decision 0106).
  BACKUP_DIR: z.string().min(1).default('./data/backups'),
  SLIP_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SLIP_LINK_TTL_SECONDS: int(900, 10, 7 * 24 * 3600),
  RATE_LIMIT_SLIP_PER_MIN: int(60, 1, 100000),
  SLIP_DECODE_WORKERS: int(2, 1, 16),
  SLIP_DECODE_TIMEOUT_MS: int(20000, 500, 300_000),
  SLIP_UPLOADS_PER_MEMBER_PER_HOUR: int(30, 1, 100000),
  SLIP_FAILED_FILE_RETENTION_DAYS: int(30, 1, 3650),
  CHAT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, - and _ only (1-32)')
    .default('wallet-chat-'),
  CHAT_GUEST_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_CHAT_SEND_PER_MIN: int(30, 1, 100000),
  RATE_LIMIT_CHAT_UPLOAD_PER_MIN: int(10, 1, 100000),
  CHAT_FILE_LINK_TTL_SECONDS: int(900, 10, 24 * 3600),
  // What anonymous chat callers may cost (issue 25, decision 0121).
  RATE_LIMIT_CHAT_GUEST_UPLOAD_PER_MIN: int(3, 1, 100000),
  CHAT_UPLOAD_MEMBER_MB_PER_HOUR: int(100, 1, 1_000_000),
  CHAT_UPLOAD_GUEST_MB_PER_HOUR: int(25, 1, 1_000_000),
  CHAT_UPLOAD_IP_MB_PER_HOUR: int(200, 1, 1_000_000),
  CHAT_UPLOAD_GUEST_IP_MB_PER_HOUR: int(50, 1, 1_000_000),
  CHAT_STORE_MAX_MB: int(5120, 1, 100_000_000),
  CHAT_UNSENT_GRACE_MINUTES: int(60, 1, 7 * 24 * 60),
  RATE_LIMIT_CHAT_GUEST_ID_PER_MIN: int(20, 1, 100000),
  CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR: int(20, 1, 100000),
  // Several server processes deliver chat messages to each other through Redis (0098).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  CHAT_SOCKET_RECHECK_MS: int(5000, 50, 600_000),
  KEYLESS_REPEAT_WINDOW_MS: int(5000, 0, 60000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(5000, 100, 600_000),
  HTTP_HEADERS_TIMEOUT_MS: int(10_000, 100, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: int(120_000, 100, 3_600_000),
  HTTP_MAX_CONNECTIONS: int(10_000, 0, 10_000_000),
  HTTP_MAX_CONNECTIONS_PER_IP: int(100, 0, 10_000_000),
  // Default: on outside production, off in production (decision 0048).
  API_DOCS: optionalBool(),
  // Shard rows per house, provider and world ledger account (decision 0101).
  LEDGER_SHARDS: int(64, 1, 1024),
  // Server processes on the one port (node:cluster, decision 0102); PostgreSQL only.
  WORKERS: int(1, 1, 64),
  // How long a drain (SIGTERM, a rolling restart) lets requests in flight finish (0102).
  SHUTDOWN_GRACE_MS: int(10_000, 100, 600_000),
  // Where per-IP limits and per-caller windows count (decision 0103): auto = redis with
  // REDIS_URL, else database on PostgreSQL, else memory (SQLite: one process).
  SHARED_COUNTERS: z.enum(['auto', 'memory', 'database', 'redis']).default('auto'),
  // The prefix of the counters' Redis keys: wallets that share one Redis keep apart.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'letters, digits and _ : . - (at most 64)')
    .default('wallet:window:'),
  // Prometheus /metrics (decision 0105): the bearer token; unset in production = /metrics off.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  METRICS_DB_CACHE_MS: int(5000, 0, 600_000),
  // Web Push (issue 29, decision 0152): the VAPID pair (`npx web-push generate-vapid-keys`),
  // the contact the push services may write to, and where subscriptions may point.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be base64url, 87 characters (a P-256 public key)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be base64url, 43 characters (a P-256 private key)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  PUSH_ENDPOINT_ORIGINS: z.string().optional(),
  PUSH_TIMEOUT_MS: int(5000, 100, 60000),
  PUSH_TTL_SECONDS: int(24 * 3600, 0, 28 * 24 * 3600),
  PUSH_INTERVAL_MS: int(5000, 100, 3_600_000),
});

export interface Argon2Config {
  /** KiB. ASVS / OWASP minimum for Argon2id is 19 MiB with t=2, p=1. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
  /** Hashes running at once; the rest wait in a queue (CPU and memory guard). */
  maxConcurrent: number;
  /** Requests waiting beyond this are refused with REQUEST_LIMIT. */
  maxQueue: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** `json` lines (production, tests) or short readable ones (development); issue 26. */
  logFormat: 'json' | 'pretty';
  database: { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };
  sandbox: { url: string; apiKey: string; smsTimeoutMs: number };
  webDist: string;
  /** The web build's render module for the member home and its page templates (0159). */
  webServerDist: string;
  /** The built operator console, served under /console/ (decision 0087). */
  consoleDist: string;
  /** The provider artwork rasterised at build time (scripts/build-artwork.ts); decision 0059. */
  artworkDir: string;
  /** Where `npm run backup` writes its SQLite copies (decision 0106). */
  backupDir: string;
  /** Serve the OpenAPI document at /api/docs (off in production unless API_DOCS=true). */
  apiDocs: boolean;
  seedDemo: boolean;
  /** DEV_CLOCK_FILE: the server's clock runs ahead by the ms in this file (decision 0085). */
  devClockFile: string | null;
  operatorPassword: string;
  /**
   * The demo operators' authenticator secret (base32), seeded with the demo data only
   * (SEED_DEMO, refused in production); published like the demo passwords (decision 0086).
   */
  operatorDemoTotpSecret: string;
  laoBuild: boolean;
  /** Member sessions (idle, absolute), and the shorter operator sessions (decision 0051). */
  session: {
    idleMinutes: number;
    absoluteDays: number;
    operatorIdleMinutes: number;
    operatorAbsoluteHours: number;
  };
  trustProxy: boolean | number | string[];
  rateLimit: { loginPerMin: number; otpPerMin: number; registerPerMin: number };
  /** Statement exports (CSV, PDF) per member per minute (decision 0145). */
  statement: { exportPerMemberPerMin: number };
  /**
   * Sign-in throttle (decision 0050): `maxFailures` per account and client IP,
   * `accountMaxFailures` per account from every IP, within `windowMinutes`.
   */
  loginThrottle: {
    maxFailures: number;
    accountMaxFailures: number;
    lockMinutes: number;
    windowMinutes: number;
  };
  otp: {
    /** How long a verified OTP lets its client register the phone (decision 0049). */
    verifiedMinutes: number;
    ttlSeconds: number;
    maxWrongCodes: number;
    resendSeconds: number;
    maxPerHour: number;
  };
  argon2: Argon2Config;
  /** Game providers (docs/decisions/0014, 0015). */
  games: {
    /** Deadline of every game-provider call; past it the outcome is unknown. */
    providerTimeoutMs: number;
    /** Base of the catalogue's web and app links, as a browser reaches the provider. */
    publicUrl: string;
    /** How often the reconciler looks for pending provider transfers. */
    reconcileIntervalMs: number;
    /** How long a provider's bet report is answered from memory (turnover reads; 0: never). */
    betReportCacheMs: number;
    /** AES-256-GCM key (hex) for game-account passwords at rest (decision 0014). */
    credentialsKey: string;
  };
  /** Withdrawals (docs/decisions/0017, 0018, 0019). */
  withdraw: {
    payoutTimeoutMs: number;
    /** At or below this (satang) a withdrawal is paid at once; above it waits for an operator. */
    autoLimitSatang: number;
    /** How often the background job resolves payouts whose outcome is unknown. */
    reconcileIntervalMs: number;
    /** After a bank account change every withdrawal waits for an operator this long. */
    bankChangeReviewHours: number;
    /**
     * After an operator credits a member alone (decision 0116), for this long a withdrawal
     * that needs that money waits for an operator, and the operator who adjusted the member
     * never approves their withdrawals. 0 = off.
     */
    adjustmentReviewHours: number;
  };
  /**
   * What strangers can write to the audit log (decision 0119): failed sign-in rows per client
   * IP and in all per hour; beyond, the failures are counted in the log, not written.
   */
  audit: { signInRowsPerIpHour: number; signInRowsPerHour: number };
  /** QR and gift-link deposits (docs/decisions/0024, 0025, 0026). */
  deposits: {
    /** Lifetime of a QR (the gateway refuses payment after it). */
    qrExpirySeconds: number;
    /** HMAC-SHA256 key of the gateways' webhooks. */
    webhookSecret: string;
    /** Base URL the gateways reach this server at (the webhook's callbackUrl). */
    publicUrl: string;
    /** The operator's gift-link receiving wallet (a phone number). */
    giftReceivingPhone: string;
    /** Deadline of one QR-gateway or gift-issuer call. */
    gatewayTimeoutMs: number;
    /** How often the deposit reconciler runs. */
    reconcileIntervalMs: number;
    /** Gift-link redemptions per IP per minute. */
    giftLinkPerMin: number;
    /** Failed gift-link attempts per member within 15 minutes before a lock. */
    giftLinkMaxFailures: number;
    giftLinkLockMinutes: number;
  };
  /**
   * Limits of the promotion-code and spin-wheel calls (decision 0120): per IP (429
   * REQUEST_LIMIT_1MIN) and per member (429 REQUEST_LIMIT with retryAfterSeconds), each per
   * minute and per endpoint, and the lock after unknown codes (the gift-link throttle's
   * mechanism, 0025).
   */
  promotions: {
    /** find, promotion activate, bonus activate: requests per IP per minute, each. */
    codePerIpPerMin: number;
    /** The same, per member. */
    codePerMemberPerMin: number;
    /** Unknown codes per member within 15 minutes; then every code call waits for the lock. */
    codeMaxFailures: number;
    codeLockMinutes: number;
    /** Spin and coupon claim: requests per IP per minute, each. */
    spinPerIpPerMin: number;
    /** The same, per member. */
    spinPerMemberPerMin: number;
    /** GET /api/bonus/turnover per member per minute (each read asks every provider). */
    turnoverPerMemberPerMin: number;
  };
  /** Bank-slip deposits (docs/decisions/0027, 0028, 0029). */
  slips: {
    /** Deadline of one verification call to the bank. */
    verifyTimeoutMs: number;
    /** How often the retry job looks at slips the bank could not verify yet. */
    retryIntervalMs: number;
    /** Verification attempts without a usable answer before a slip fails as UNKNOW_ERROR. */
    maxAttempts: number;
    /** The local FileStore folder (outside the web root). */
    fileDir: string;
    /** HMAC key of the signed slip-image links. */
    linkSecret: string;
    linkTtlSeconds: number;
    /** Uploads per IP per minute. */
    uploadsPerMin: number;
    /** Worker threads reading slip QRs; one member uses at most one (decision 0043). */
    decodeWorkers: number;
    /** Longest read of one image; past it the slip fails as IMG_SIZE_UNABLE_TO_PROCESS. */
    decodeTimeoutMs: number;
    /** Slips a member may upload per rolling hour; beyond, 429 REQUEST_LIMIT (decision 0045). */
    uploadsPerMemberPerHour: number;
    /** Days the image of a failed slip is kept; housekeeping then removes it (decision 0045). */
    failedFileRetentionDays: number;
  };
  /** The support chat (issue 14, decision 0095). */
  chat: {
    /** Room names are this prefix plus the member id or the guest id (spec: PREFIX). */
    prefix: string;
    /** HMAC key of the server-signed guest ids. */
    guestSecret: string;
    /** Messages per caller (member or guest) per minute; beyond, 429 REQUEST_LIMIT. */
    sendsPerMin: number;
    /** Attachments per member per minute. */
    uploadsPerMin: number;
    /** Attachments per visitor (guest id) per minute: fewer (decision 0121). */
    guestUploadsPerMin: number;
    /**
     * Bytes stored per hour (decision 0121): per member, per visitor, per client address (all
     * callers), and per client address for visitors together.
     */
    uploadBytesPerHour: { member: number; guest: number; ip: number; guestIp: number };
    /** Bytes of the whole chat store (files and thumbnails) past which customers' uploads are refused. */
    storeMaxBytes: number;
    /** How long an upload may wait for the message that sends it before housekeeping removes it. */
    unsentGraceMs: number;
    /** Guest ids `GET /api/chat/config` signs per client address per minute. */
    guestIdsPerMin: number;
    /** New visitor conversations per client address per hour. */
    guestConversationsPerIpPerHour: number;
    /**
     * Lifetime of a signed attachment link (decision 0099); signed with the slip-link key
     * (`slips.linkSecret`) under their own purpose.
     */
    fileLinkTtlSeconds: number;
    /** Redis for the Socket.IO adapter (several processes); unset: this process alone (0098). */
    redisUrl: string | undefined;
    /** How often connected sockets' sessions are re-checked (revoked, expired: disconnected). */
    socketRecheckMs: number;
  };
  /** Money calls without an Idempotency-Key (docs/decisions/0053). */
  idempotency: {
    /** How long after its answer an identical keyless request gets that answer instead of running. */
    keylessWindowMs: number;
  };
  /** Web Push of money events (issue 29, decision 0152). */
  push: {
    /** The VAPID pair, base64url (public: uncompressed P-256 point; private: 32 bytes). */
    vapidPublicKey: string;
    vapidPrivateKey: string;
    /** The contact a push service may write to about our traffic. */
    vapidSubject: string;
    /** Origins (`https://host`, `https://*.domain`) a subscription's endpoint may be on (no SSRF elsewhere). */
    endpointOrigins: string[];
    /** Deadline of one push-service call. */
    timeoutMs: number;
    /** How long a push service keeps a message for an offline device. */
    ttlSeconds: number;
    /** How often the delivery job runs. */
    intervalMs: number;
  };
  /** Prometheus metrics at /metrics (decision 0105). */
  metrics: {
    /**
     * `Authorization: Bearer <token>` opens /metrics. Unset: /metrics is off in production,
     * and answers only direct loopback connections elsewhere.
     */
    token: string | undefined;
    /** How long the figures read from the database (money outcomes, backlog) are reused. */
    dbCacheMs: number;
  };
  /** Connection limits of the HTTP server (docs/decisions/0047). */
  http: {
    /** Idle time allowed between two requests on a kept-alive connection. */
    keepAliveTimeoutMs: number;
    /** Time allowed from a connection (or a request's first byte) to its complete headers. */
    headersTimeoutMs: number;
    /** Time allowed for a whole request (headers and body). */
    requestTimeoutMs: number;
    /** Open connections at most, all addresses together (0 = no cap). */
    maxConnections: number;
    /** Open connections at most from one address (0 = no cap); trusted proxies are exempt. */
    maxConnectionsPerIp: number;
  };
  /** The ledger (decision 0101). */
  ledger: {
    /**
     * Shard rows per house, provider and world account: a posting locks the shard of its
     * member (member id mod this), so members do not queue on one row. 1 = one row each.
     */
    shards: number;
  };
  /** Processes and their drain (decision 0102). */
  processes: {
    /** WORKERS: server processes on the one port (PostgreSQL; SQLite always runs one). */
    workers: number;
    /** SHUTDOWN_GRACE_MS: how long a drain lets requests in flight finish before cutting them. */
    shutdownGraceMs: number;
  };
  /** State every server process must see (decision 0103). */
  shared: {
    /** Where per-IP limits and per-caller windows count (SHARED_COUNTERS, resolved). */
    counters: SharedCountersKind;
    /** REDIS_KEY_PREFIX: the start of every counter key in Redis. */
    redisKeyPrefix: string;
  };
}

export type SharedCountersKind = 'memory' | 'database' | 'redis';

/** Production minimums (reliability.md): never configurable from the environment. */
export const PRODUCTION_ARGON2: Argon2Config = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  maxConcurrent: 2,
  maxQueue: 64,
};

export class ConfigError extends Error {}

/** Development and test only: production must set GAME_CREDENTIALS_KEY. */
const DEV_GAME_CREDENTIALS_KEY = '6465762d6f6e6c792d67616d652d6372656473000000000000000000000000aa';
/** Development and test only (the README prints it): production must set its own. */
const DEV_OPERATOR_PASSWORD = 'operator-demo-pass';
const DEV_SANDBOX_API_KEY = 'sandbox-dev-key';
/** The demo operators' authenticator secret (seeded only with the demo data). */
export const DEMO_OPERATOR_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const DEV_QR_WEBHOOK_SECRET = 'sandbox-webhook-secret';
/** Development and test only (published here): production must set its own VAPID pair. */
export const DEV_VAPID_PUBLIC_KEY =
  'BHMwYWzLrBOc9j44aHBwWcJSvT6P5CEAd-eXeNlWYnG7wkVcGTmrikTvt_CcLb5V8ZmRrbXEV-EDxB5ITKFp3qE';
const DEV_VAPID_PRIVATE_KEY = 'h52Lre3LMQNnZYysGnpE0qv6CJE-KGkpp0LK2R9E5Pw';
/**
 * The push services of the browsers (decision 0152): Chrome/Edge/Opera (FCM), Firefox
 * (Mozilla autopush), Safari (Apple), Windows (WNS). PUSH_ENDPOINT_ORIGINS replaces the list.
 */
const KNOWN_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

/**
 * The slip-link key when SLIP_LINK_SECRET is not set (development and test only): derived
 * from the game-credentials key, so every process of one deployment signs alike (0029).
 */
function derivedSlipLinkSecret(credentialsKey: string): string {
  return createHmac('sha256', credentialsKey).update('slip-links-v1').digest('hex');
}

/** The guest-id key when CHAT_GUEST_SECRET is not set (development and test only). */
function derivedChatGuestSecret(credentialsKey: string): string {
  return createHmac('sha256', credentialsKey).update('chat-guests-v1').digest('hex');
}

/**
 * Values published in this repository (README, sources, the sandbox's defaults, the demo
 * member): anyone can read them, so production refuses them in every secret (decision 0046).
 */
const PUBLIC_VALUES = [
  DEV_OPERATOR_PASSWORD,
  DEV_SANDBOX_API_KEY,
  DEV_QR_WEBHOOK_SECRET,
  DEV_GAME_CREDENTIALS_KEY,
  DEV_VAPID_PRIVATE_KEY,
  DEV_VAPID_PUBLIC_KEY,
  derivedSlipLinkSecret(DEV_GAME_CREDENTIALS_KEY),
  derivedChatGuestSecret(DEV_GAME_CREDENTIALS_KEY),
  'demo1234',
].map((v) => v.toLowerCase());

/** Why a production secret is weak, or null. `minLength` is the production minimum. */
function weakSecret(value: string, minLength: number): string | null {
  if (PUBLIC_VALUES.includes(value.toLowerCase()))
    return 'is a published development value; set a secret of your own';
  if (value.length < minLength) return `must be at least ${minLength} characters in production`;
  if (new Set(value.toLowerCase()).size < 6)
    return 'is too weak (fewer than 6 distinct characters)';
  // A short unit repeated ("abcabc...", "0123456789abcdef" four times) is weak at any length.
  for (let unit = 1; unit <= value.length / 2; unit++) {
    if (value.length % unit === 0 && value.slice(unit) === value.slice(0, -unit))
      return 'is too weak (a short pattern repeated)';
  }
  return null;
}

/**
 * Production refusals (decision 0046): every secret set on its own, none a published or weak
 * value, no two the same, and no demo member. One line per problem, naming the variable.
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const secrets: [name: string, value: string | undefined, minLength: number][] = [
    ['OPERATOR_PASSWORD', e.OPERATOR_PASSWORD, 12],
    ['GAME_CREDENTIALS_KEY', e.GAME_CREDENTIALS_KEY, 64],
    ['QR_WEBHOOK_SECRET', e.QR_WEBHOOK_SECRET, 16],
    ['SLIP_LINK_SECRET', e.SLIP_LINK_SECRET, 32],
    ['CHAT_GUEST_SECRET', e.CHAT_GUEST_SECRET, 32],
    ['SANDBOX_API_KEY', e.SANDBOX_API_KEY, 16],
    ['VAPID_PRIVATE_KEY', e.VAPID_PRIVATE_KEY, 43],
  ];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [name, value, minLength] of secrets) {
    if (value === undefined) {
      problems.push(`${name}: required when NODE_ENV=production`);
      continue;
    }
    const weak = weakSecret(value, minLength);
    if (weak) problems.push(`${name}: ${weak}`);
    const other = seen.get(value.toLowerCase());
    if (other) problems.push(`${name}: must differ from ${other} (each secret on its own)`);
    else seen.set(value.toLowerCase(), name);
  }
  if (e.METRICS_TOKEN !== undefined) {
    const weak = weakSecret(e.METRICS_TOKEN, 32);
    if (weak) problems.push(`METRICS_TOKEN: ${weak}`);
    const other = seen.get(e.METRICS_TOKEN.toLowerCase());
    if (other) problems.push(`METRICS_TOKEN: must differ from ${other} (each secret on its own)`);
  }
  if (e.VAPID_PUBLIC_KEY === undefined)
    problems.push('VAPID_PUBLIC_KEY: required when NODE_ENV=production');
  else if (PUBLIC_VALUES.includes(e.VAPID_PUBLIC_KEY.toLowerCase()))
    problems.push(
      'VAPID_PUBLIC_KEY: is the published development key; generate a pair of your own',
    );
  if (e.VAPID_SUBJECT === undefined)
    problems.push('VAPID_SUBJECT: required when NODE_ENV=production (mailto: or https: contact)');
  problems.push(...trustProxyProblems(e.TRUST_PROXY));
  if (e.DEV_CLOCK_FILE !== undefined)
    problems.push('DEV_CLOCK_FILE: not allowed when NODE_ENV=production (it moves the clock)');
  if (e.SEED_DEMO === true)
    problems.push(
      'SEED_DEMO: not allowed when NODE_ENV=production (the demo member has a published password)',
    );
  return problems;
}

/**
 * TRUST_PROXY in production (issue 25): `true` trusts every hop, so any client that reaches
 * a server names its own address in X-Forwarded-For and passes every per-IP limit and the
 * sign-in lock; a CIDR of prefix length 0 does the same. Production names the proxies (IPs or
 * CIDRs) or counts them (a hop count): the client's address is then the one the nearest
 * trusted proxy saw.
 */
function trustProxyProblems(raw: string | undefined): string[] {
  const value = raw?.trim();
  if (value === 'true')
    return [
      "TRUST_PROXY: true is not allowed when NODE_ENV=production (any client could name its own address in X-Forwarded-For and pass every per-IP limit and the sign-in lock); set the proxies' addresses (IPs/CIDRs) or a hop count",
    ];
  const everyone = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /\/0+$/.test(s));
  return everyone.map(
    (entry) =>
      `TRUST_PROXY: ${entry} trusts every address, as true does (not allowed when NODE_ENV=production); list the proxies' own addresses`,
  );
}

function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s)))
    throw new ConfigError('TRUST_PROXY: use true, false, a hop count, or a list of IPs/CIDRs');
  return list;
}

/** Reads and validates the environment. Throws ConfigError with every problem listed. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(e);
    if (problems.length)
      throw new ConfigError(
        `Invalid server configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid server configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  const vapid = vapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
  const sharedCounters = resolveSharedCounters(e.SHARED_COUNTERS, e.REDIS_URL, !!e.DATABASE_URL);
  const credentialsKey = (e.GAME_CREDENTIALS_KEY ?? DEV_GAME_CREDENTIALS_KEY).toLowerCase();
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', path: resolve(process.cwd(), e.SQLITE_PATH) },
    sandbox: {
      url: e.SANDBOX_URL.replace(/\/+$/, ''),
      apiKey: e.SANDBOX_API_KEY ?? DEV_SANDBOX_API_KEY,
      smsTimeoutMs: e.SMS_TIMEOUT_MS,
    },
    webDist: e.WEB_DIST
      ? resolve(process.cwd(), e.WEB_DIST)
      : resolve(serverPackageDir, '..', 'web', 'dist'),
    webServerDist: e.WEB_SERVER_DIST
      ? resolve(process.cwd(), e.WEB_SERVER_DIST)
      : resolve(serverPackageDir, '..', 'web', 'dist-server'),
    consoleDist: e.CONSOLE_DIST
      ? resolve(process.cwd(), e.CONSOLE_DIST)
      : resolve(serverPackageDir, '..', 'console', 'dist'),
    artworkDir: e.ARTWORK_DIR
      ? resolve(process.cwd(), e.ARTWORK_DIR)
      : resolve(serverPackageDir, 'generated', 'providers'),
    backupDir: resolve(process.cwd(), e.BACKUP_DIR),
    apiDocs: e.API_DOCS ?? !production,
    seedDemo: e.SEED_DEMO ?? !production,
    devClockFile: e.DEV_CLOCK_FILE ? resolve(process.cwd(), e.DEV_CLOCK_FILE) : null,
    operatorPassword: e.OPERATOR_PASSWORD ?? DEV_OPERATOR_PASSWORD,
    operatorDemoTotpSecret: e.OPERATOR_DEMO_TOTP_SECRET ?? DEMO_OPERATOR_TOTP_SECRET,
    laoBuild: e.LAO_BUILD,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteDays: e.SESSION_ABSOLUTE_DAYS,
      operatorIdleMinutes: e.OPERATOR_SESSION_IDLE_MINUTES,
      operatorAbsoluteHours: e.OPERATOR_SESSION_ABSOLUTE_HOURS,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      loginPerMin: e.RATE_LIMIT_LOGIN_PER_MIN,
      otpPerMin: e.RATE_LIMIT_OTP_PER_MIN,
      registerPerMin: e.RATE_LIMIT_REGISTER_PER_MIN,
    },
    statement: { exportPerMemberPerMin: e.STATEMENT_EXPORT_PER_MEMBER_PER_MIN },
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      accountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      windowMinutes: 15,
    },
    otp: {
      verifiedMinutes: e.OTP_VERIFIED_MINUTES,
      ttlSeconds: 300,
      maxWrongCodes: 5,
      resendSeconds: 60,
      maxPerHour: 5,
    },
    argon2: { ...PRODUCTION_ARGON2 },
    games: {
      providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
      betReportCacheMs: e.BET_REPORT_CACHE_MS,
      publicUrl: (e.PROVIDER_PUBLIC_URL ?? e.SANDBOX_URL).replace(/\/+$/, ''),
      reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
      credentialsKey,
    },
    withdraw: {
      payoutTimeoutMs: e.PAYOUT_TIMEOUT_MS,
      autoLimitSatang: e.WITHDRAW_AUTO_LIMIT_BAHT * 100,
      reconcileIntervalMs: e.PAYOUT_RECONCILE_INTERVAL_MS,
      bankChangeReviewHours: e.BANK_CHANGE_REVIEW_HOURS,
      adjustmentReviewHours: e.ADJUSTMENT_REVIEW_HOURS,
    },
    audit: {
      signInRowsPerIpHour: e.AUDIT_SIGN_IN_ROWS_PER_IP_HOUR,
      signInRowsPerHour: e.AUDIT_SIGN_IN_ROWS_PER_HOUR,
    },
    deposits: {
      qrExpirySeconds: e.QR_EXPIRY_SECONDS,
      webhookSecret: e.QR_WEBHOOK_SECRET ?? DEV_QR_WEBHOOK_SECRET,
      publicUrl: (
        e.SERVER_PUBLIC_URL ??
        `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST}:${e.PORT}`
      ).replace(/\/+$/, ''),
      giftReceivingPhone: e.GIFT_RECEIVING_PHONE,
      gatewayTimeoutMs: e.DEPOSIT_GATEWAY_TIMEOUT_MS,
      reconcileIntervalMs: e.DEPOSIT_RECONCILE_INTERVAL_MS,
      giftLinkPerMin: e.RATE_LIMIT_GIFT_LINK_PER_MIN,
      giftLinkMaxFailures: e.GIFT_LINK_MAX_FAILURES,
      giftLinkLockMinutes: e.GIFT_LINK_LOCK_MINUTES,
    },
    promotions: {
      codePerIpPerMin: e.RATE_LIMIT_PROMOTION_CODE_PER_MIN,
      codePerMemberPerMin: e.PROMOTION_CODE_PER_MEMBER_PER_MIN,
      codeMaxFailures: e.PROMOTION_CODE_MAX_FAILURES,
      codeLockMinutes: e.PROMOTION_CODE_LOCK_MINUTES,
      spinPerIpPerMin: e.RATE_LIMIT_SPIN_PER_MIN,
      spinPerMemberPerMin: e.SPIN_PER_MEMBER_PER_MIN,
      turnoverPerMemberPerMin: e.TURNOVER_PER_MEMBER_PER_MIN,
    },
    slips: {
      verifyTimeoutMs: e.SLIP_VERIFY_TIMEOUT_MS,
      retryIntervalMs: e.SLIP_RETRY_INTERVAL_MS,
      maxAttempts: e.SLIP_VERIFY_MAX_ATTEMPTS,
      fileDir: resolve(process.cwd(), e.FILE_STORE_DIR),
      linkSecret: e.SLIP_LINK_SECRET ?? derivedSlipLinkSecret(credentialsKey),
      linkTtlSeconds: e.SLIP_LINK_TTL_SECONDS,
      uploadsPerMin: e.RATE_LIMIT_SLIP_PER_MIN,
      decodeWorkers: e.SLIP_DECODE_WORKERS,
      decodeTimeoutMs: e.SLIP_DECODE_TIMEOUT_MS,
      uploadsPerMemberPerHour: e.SLIP_UPLOADS_PER_MEMBER_PER_HOUR,
      failedFileRetentionDays: e.SLIP_FAILED_FILE_RETENTION_DAYS,
    },
    chat: {
      prefix: e.CHAT_PREFIX,
      guestSecret: e.CHAT_GUEST_SECRET ?? derivedChatGuestSecret(credentialsKey),
      sendsPerMin: e.RATE_LIMIT_CHAT_SEND_PER_MIN,
      uploadsPerMin: e.RATE_LIMIT_CHAT_UPLOAD_PER_MIN,
      guestUploadsPerMin: e.RATE_LIMIT_CHAT_GUEST_UPLOAD_PER_MIN,
      uploadBytesPerHour: {
        member: e.CHAT_UPLOAD_MEMBER_MB_PER_HOUR * MB,
        guest: e.CHAT_UPLOAD_GUEST_MB_PER_HOUR * MB,
        ip: e.CHAT_UPLOAD_IP_MB_PER_HOUR * MB,
        guestIp: e.CHAT_UPLOAD_GUEST_IP_MB_PER_HOUR * MB,
      },
      storeMaxBytes: e.CHAT_STORE_MAX_MB * MB,
      unsentGraceMs: e.CHAT_UNSENT_GRACE_MINUTES * 60_000,
      guestIdsPerMin: e.RATE_LIMIT_CHAT_GUEST_ID_PER_MIN,
      guestConversationsPerIpPerHour: e.CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR,
      fileLinkTtlSeconds: e.CHAT_FILE_LINK_TTL_SECONDS,
      redisUrl: e.REDIS_URL,
      socketRecheckMs: e.CHAT_SOCKET_RECHECK_MS,
    },
    idempotency: { keylessWindowMs: e.KEYLESS_REPEAT_WINDOW_MS },
    push: {
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
      vapidSubject: e.VAPID_SUBJECT ?? 'mailto:push@wallet.invalid',
      endpointOrigins: pushOrigins(e.PUSH_ENDPOINT_ORIGINS, production, e.SANDBOX_URL),
      timeoutMs: e.PUSH_TIMEOUT_MS,
      ttlSeconds: e.PUSH_TTL_SECONDS,
      intervalMs: e.PUSH_INTERVAL_MS,
    },
    metrics: { token: e.METRICS_TOKEN, dbCacheMs: e.METRICS_DB_CACHE_MS },
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    },
    ledger: { shards: e.LEDGER_SHARDS },
    processes: { workers: e.WORKERS, shutdownGraceMs: e.SHUTDOWN_GRACE_MS },
    shared: { counters: sharedCounters, redisKeyPrefix: e.REDIS_KEY_PREFIX },
  };
}

/**
 * The VAPID pair (decision 0152): both set or neither (development and tests: the published
 * demo pair), and the public key must be the private key's.
 */
function vapidPair(
  publicKey: string | undefined,
  privateKey: string | undefined,
): { publicKey: string; privateKey: string } {
  const fail = (message: string) => new ConfigError(`Invalid server configuration:\n  ${message}`);
  if (publicKey === undefined && privateKey === undefined)
    return { publicKey: DEV_VAPID_PUBLIC_KEY, privateKey: DEV_VAPID_PRIVATE_KEY };
  if (publicKey === undefined || privateKey === undefined)
    throw fail('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys)');
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw fail('VAPID_PRIVATE_KEY: is not a P-256 private key');
  }
  if (derived !== publicKey)
    throw fail('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  return { publicKey, privateKey };
}

/**
 * Where subscriptions may point (decision 0152): PUSH_ENDPOINT_ORIGINS (comma-separated
 * origins), else the browsers' push services, and outside production the sandbox too.
 */
function pushOrigins(raw: string | undefined, production: boolean, sandboxUrl: string): string[] {
  if (raw === undefined || raw.trim() === '')
    return production ? KNOWN_PUSH_ORIGINS : [...KNOWN_PUSH_ORIGINS, new URL(sandboxUrl).origin];
  const list = raw
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(origin))
      throw new ConfigError(
        `Invalid server configuration:\n  PUSH_ENDPOINT_ORIGINS: ${origin} is not an origin (https://host, https://*.domain)`,
      );
    if (production && !origin.startsWith('https://'))
      throw new ConfigError(
        `Invalid server configuration:\n  PUSH_ENDPOINT_ORIGINS: ${origin} must be https in production`,
      );
  }
  return list;
}

/** SHARED_COUNTERS (decision 0103): auto picks Redis, then PostgreSQL, then memory. */
function resolveSharedCounters(
  asked: 'auto' | SharedCountersKind,
  redisUrl: string | undefined,
  postgres: boolean,
): SharedCountersKind {
  if (asked === 'redis' && !redisUrl)
    throw new ConfigError(
      'Invalid server configuration:\n  SHARED_COUNTERS: redis needs REDIS_URL',
    );
  if (asked === 'database' && !postgres)
    throw new ConfigError(
      'Invalid server configuration:\n  SHARED_COUNTERS: database needs DATABASE_URL (PostgreSQL); SQLite runs one process',
    );
  if (asked !== 'auto') return asked;
  return redisUrl ? 'redis' : postgres ? 'database' : 'memory';
}

/** Integration tests use this Redis for shared counters when set (scripts/with-redis.sh). */
export function testRedisUrl(env: Env = process.env): string | undefined {
  return env.TEST_REDIS_URL || undefined;
}

/**
 * Creates the folder of the SQLite file (the default ./data does not exist on a fresh clone),
 * 0700: it holds the database (decision 0118).
 */
export function ensureSqliteFolder(config: Config): void {
  if (config.database.kind === 'sqlite' && config.database.path !== ':memory:')
    mkdirSync(dirname(config.database.path), { recursive: true, mode: 0o700 });
}

/** Integration tests run on PostgreSQL too when this is set (see CONTEXT.md). */
export function testDatabaseUrl(env: Env = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}

/**
 * The environment a child program of a command-line tool gets (`npm run backup` runs
 * pg_dump): this process's environment plus `extra` (e.g. PGPASSWORD, kept off the command
 * line where `ps` would show it).
 */
export function childEnvironment(extra: Env = {}): Env {
  return { ...process.env, ...extra };
}
