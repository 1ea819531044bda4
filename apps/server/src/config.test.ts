import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_ARGON2 } from './config';

/** A production environment that passes every check (each value made up for these tests). */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  OPERATOR_PASSWORD: 'y4BSEWMnVFNOqpUPVAdgDVER',
  GAME_CREDENTIALS_KEY: '1e109efacded419168093b81fbbfce786c1cbfa74761df90f7e68a64c76ebbc0',
  QR_WEBHOOK_SECRET: 'Dbd41CC7yiGM5Sm2LrLMLGe4bCaQCchf',
  SLIP_LINK_SECRET: 'ZK5OzRYtJPP0LXcxFgpWszzQALLPe6Ge',
  CHAT_GUEST_SECRET: 'q8Vt3LmN0pWx5RsY2aBcD7eFgH1jK4uZ',
  SANDBOX_API_KEY: 'k7Qw2Ez9Lp4Rt8Ym',
  VAPID_PUBLIC_KEY:
    'BAPc0-NuLjxcOLXnjFCLpLsylCnT9jo5UO8ww5PIgdmE74zdY3JWZ_UslceP02t-ie3Xh44V3vOxh2DfoGKGxic',
  VAPID_PRIVATE_KEY: 'ZO81Nvi_ExCPq6VuPfNyKSjQDvQSmSlLy2Nj1QpuN_k',
  VAPID_SUBJECT: 'mailto:ops@wallet.example',
};

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      seedDemo: true,
      laoBuild: false,
      operatorPassword: 'operator-demo-pass',
      session: { idleMinutes: 7 * 24 * 60, absoluteDays: 30 },
      trustProxy: false,
      sandbox: { url: 'http://127.0.0.1:3100', apiKey: 'sandbox-dev-key' },
      rateLimit: { loginPerMin: 20, otpPerMin: 10, registerPerMin: 20 },
      loginThrottle: { maxFailures: 5, lockMinutes: 15, windowMinutes: 15 },
      otp: { ttlSeconds: 300, maxWrongCodes: 5, resendSeconds: 60, maxPerHour: 5 },
    });
    expect(config.database).toEqual({
      kind: 'sqlite',
      path: join(process.cwd(), 'data', 'wallet.db'),
    });
    expect(config.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(config.consoleDist).toMatch(/apps[/\\]console[/\\]dist$/);
    expect(config.artworkDir).toMatch(/apps[/\\]server[/\\]generated[/\\]providers$/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/wallet' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/wallet',
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '3200',
      HOST: '0.0.0.0',
      SQLITE_PATH: '/tmp/x/w.db',
      SANDBOX_URL: 'http://127.0.0.1:3999/',
      SANDBOX_API_KEY: 'k',
      WEB_DIST: '/srv/web',
      WEB_SERVER_DIST: '/srv/web-server',
      CONSOLE_DIST: '/srv/console',
      SEED_DEMO: 'false',
      OPERATOR_PASSWORD: 'a-long-secret',
      LAO_BUILD: 'true',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_DAYS: '2',
      OPERATOR_SESSION_IDLE_MINUTES: '15',
      OPERATOR_SESSION_ABSOLUTE_HOURS: '8',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      RATE_LIMIT_LOGIN_PER_MIN: '7',
      RATE_LIMIT_OTP_PER_MIN: '8',
      OTP_VERIFIED_MINUTES: '10',
      RATE_LIMIT_REGISTER_PER_MIN: '9',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_ACCOUNT_MAX_FAILURES: '30',
      LOGIN_LOCK_MINUTES: '60',
      LOG_LEVEL: 'warn',
      SMS_TIMEOUT_MS: '1500',
    });
    expect(config).toMatchObject({
      port: 3200,
      host: '0.0.0.0',
      database: { kind: 'sqlite', path: '/tmp/x/w.db' },
      sandbox: { url: 'http://127.0.0.1:3999', apiKey: 'k', smsTimeoutMs: 1500 },
      webDist: '/srv/web',
      webServerDist: '/srv/web-server',
      consoleDist: '/srv/console',
      seedDemo: false,
      operatorPassword: 'a-long-secret',
      laoBuild: true,
      session: {
        idleMinutes: 30,
        absoluteDays: 2,
        operatorIdleMinutes: 15,
        operatorAbsoluteHours: 8,
      },
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      rateLimit: { loginPerMin: 7, otpPerMin: 8, registerPerMin: 9 },
      otp: { verifiedMinutes: 10 },
      loginThrottle: { maxFailures: 3, accountMaxFailures: 30, lockMinutes: 60 },
      logLevel: 'warn',
    });
    expect(loadConfig({}).idempotency.keylessWindowMs).toBe(5000);
    expect(loadConfig({ KEYLESS_REPEAT_WINDOW_MS: '2500' }).idempotency.keylessWindowMs).toBe(2500);
    expect(() => loadConfig({ KEYLESS_REPEAT_WINDOW_MS: '-1' })).toThrow(
      /KEYLESS_REPEAT_WINDOW_MS/,
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('logs readable lines in development and JSON in production and tests; LOG_FORMAT decides (issue 26)', () => {
    expect(loadConfig({})).toMatchObject({ logFormat: 'pretty', logLevel: 'info' });
    expect(loadConfig({ ...PRODUCTION })).toMatchObject({ logFormat: 'json', logLevel: 'info' });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      logFormat: 'json',
      logLevel: 'silent',
    });
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ ...PRODUCTION, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('reads LEDGER_SHARDS (default 64, 1 to 1024)', () => {
    expect(loadConfig({}).ledger.shards).toBe(64);
    expect(loadConfig({ LEDGER_SHARDS: '1' }).ledger.shards).toBe(1);
    expect(() => loadConfig({ LEDGER_SHARDS: '0' })).toThrow(/LEDGER_SHARDS/);
    expect(() => loadConfig({ LEDGER_SHARDS: '1025' })).toThrow(/LEDGER_SHARDS/);
    expect(() => loadConfig({ LEDGER_SHARDS: '2.5' })).toThrow(/LEDGER_SHARDS/);
  });

  it('reads the process model: WORKERS 1..64, SHUTDOWN_GRACE_MS (decision 0102)', () => {
    expect(loadConfig({}).processes).toEqual({ workers: 1, shutdownGraceMs: 10_000 });
    expect(loadConfig({ WORKERS: '4', SHUTDOWN_GRACE_MS: '2500' }).processes).toEqual({
      workers: 4,
      shutdownGraceMs: 2500,
    });
    expect(loadConfig({ WORKERS: '64' }).processes.workers).toBe(64);
    for (const bad of ['0', '65', 'two', '1.5'])
      expect(() => loadConfig({ WORKERS: bad })).toThrow(/WORKERS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('fails fast naming each bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the game-provider variables and requires GAME_CREDENTIALS_KEY in production', () => {
    expect(loadConfig({}).games).toMatchObject({
      providerTimeoutMs: 5000,
      reconcileIntervalMs: 5000,
      publicUrl: 'http://127.0.0.1:3100',
    });
    expect(
      loadConfig({
        PROVIDER_TIMEOUT_MS: '750',
        RECONCILE_INTERVAL_MS: '2000',
        PROVIDER_PUBLIC_URL: 'http://192.168.1.20:3100/',
        GAME_CREDENTIALS_KEY: '0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
      }).games,
    ).toEqual({
      providerTimeoutMs: 750,
      reconcileIntervalMs: 2000,
      publicUrl: 'http://192.168.1.20:3100',
      credentialsKey: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      betReportCacheMs: 3000,
    });
    expect(() => loadConfig({ GAME_CREDENTIALS_KEY: 'short' })).toThrow(/GAME_CREDENTIALS_KEY/);
  });

  it('reads the deposit variables', () => {
    expect(loadConfig({}).deposits).toMatchObject({
      qrExpirySeconds: 600,
      webhookSecret: 'sandbox-webhook-secret',
      publicUrl: 'http://127.0.0.1:3000',
      giftReceivingPhone: '0600000000',
    });
    expect(
      loadConfig({ HOST: '0.0.0.0', PORT: '3320', QR_EXPIRY_SECONDS: '120' }).deposits,
    ).toMatchObject({ qrExpirySeconds: 120, publicUrl: 'http://127.0.0.1:3320' });
    expect(loadConfig({ SERVER_PUBLIC_URL: 'https://wallet.example/' }).deposits.publicUrl).toBe(
      'https://wallet.example',
    );
    expect(() => loadConfig({ GIFT_RECEIVING_PHONE: '12345' })).toThrow(/GIFT_RECEIVING_PHONE/);
    expect(() => loadConfig({ QR_WEBHOOK_SECRET: 'short' })).toThrow(/QR_WEBHOOK_SECRET/);
  });

  it('picks where shared counters live: Redis, else PostgreSQL, else memory (decision 0103)', () => {
    const pg = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/w' };
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({}).shared.counters).toBe('memory');
    expect(loadConfig(pg).shared.counters).toBe('database');
    expect(loadConfig({ ...pg, ...redis }).shared.counters).toBe('redis');
    expect(loadConfig(redis).shared.counters).toBe('redis');
    expect(loadConfig({ ...pg, ...redis, SHARED_COUNTERS: 'database' }).shared.counters).toBe(
      'database',
    );
    expect(loadConfig({ ...pg, SHARED_COUNTERS: 'memory' }).shared.counters).toBe('memory');
    expect(() => loadConfig({ ...pg, SHARED_COUNTERS: 'redis' })).toThrow(
      /SHARED_COUNTERS: redis needs REDIS_URL/,
    );
    expect(() => loadConfig({ SHARED_COUNTERS: 'database' })).toThrow(
      /SHARED_COUNTERS: database needs DATABASE_URL/,
    );
    expect(() => loadConfig({ SHARED_COUNTERS: 'disk' })).toThrow(/SHARED_COUNTERS/);
    // Wallets sharing one Redis keep their counters apart by the key prefix.
    expect(loadConfig(redis).shared.redisKeyPrefix).toBe('wallet:window:');
    expect(loadConfig({ ...redis, REDIS_KEY_PREFIX: 'shop2:' }).shared.redisKeyPrefix).toBe(
      'shop2:',
    );
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('reads the HTTP connection limits (decision 0047)', () => {
    expect(loadConfig({}).http).toEqual({
      keepAliveTimeoutMs: 5000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      maxConnections: 10_000,
      maxConnectionsPerIp: 100,
    });
    expect(
      loadConfig({
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000',
        HTTP_HEADERS_TIMEOUT_MS: '3000',
        HTTP_REQUEST_TIMEOUT_MS: '30000',
        HTTP_MAX_CONNECTIONS: '0',
        HTTP_MAX_CONNECTIONS_PER_IP: '20',
      }).http,
    ).toEqual({
      keepAliveTimeoutMs: 2000,
      headersTimeoutMs: 3000,
      requestTimeoutMs: 30_000,
      maxConnections: 0,
      maxConnectionsPerIp: 20,
    });
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(
      /HTTP_MAX_CONNECTIONS_PER_IP/,
    );
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(
      /HTTP_KEEP_ALIVE_TIMEOUT_MS/,
    );
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('uses the Argon2id production minimums (m = 19 MiB, t = 2, p = 1) in production', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.argon2).toEqual(PRODUCTION_ARGON2);
    expect(config.argon2.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(config.argon2.timeCost).toBeGreaterThanOrEqual(2);
    expect(config.argon2.parallelism).toBe(1);
    // The environment cannot lower them.
    const lowered = loadConfig({ ...PRODUCTION, ARGON2_MEMORY_COST: '8' });
    expect(lowered.argon2).toEqual(PRODUCTION_ARGON2);
  });
});

describe('production refuses published, weak and shared secrets (decision 0046)', () => {
  const SECRETS = [
    'OPERATOR_PASSWORD',
    'GAME_CREDENTIALS_KEY',
    'QR_WEBHOOK_SECRET',
    'SLIP_LINK_SECRET',
    'CHAT_GUEST_SECRET',
    'SANDBOX_API_KEY',
    'VAPID_PRIVATE_KEY',
  ];
  /** The configuration error loadConfig throws for this environment ('' when it loads). */
  const refusal = (env: Record<string, string | undefined>): string => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };
  const without = (name: string) => ({ ...PRODUCTION, [name]: undefined });

  it('loads with every secret of its own, and keeps them as given', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      env: 'production',
      operatorPassword: PRODUCTION.OPERATOR_PASSWORD,
      sandbox: { apiKey: PRODUCTION.SANDBOX_API_KEY },
      games: { credentialsKey: PRODUCTION.GAME_CREDENTIALS_KEY },
      deposits: { webhookSecret: PRODUCTION.QR_WEBHOOK_SECRET },
      slips: { linkSecret: PRODUCTION.SLIP_LINK_SECRET },
      chat: { guestSecret: PRODUCTION.CHAT_GUEST_SECRET },
    });
  });

  it.each(SECRETS)('requires %s on its own (no default, no derived value)', (name) => {
    expect(refusal(without(name))).toMatch(
      new RegExp(`^  ${name}: required when NODE_ENV=production$`, 'm'),
    );
  });

  it('lists every missing secret in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of SECRETS) expect(message).toContain(`${name}: required`);
  });

  it.each([
    ['OPERATOR_PASSWORD', 'operator-demo-pass'],
    ['OPERATOR_PASSWORD', 'OPERATOR-DEMO-PASS'],
    ['GAME_CREDENTIALS_KEY', '6465762d6f6e6c792d67616d652d6372656473000000000000000000000000aa'],
    ['QR_WEBHOOK_SECRET', 'sandbox-webhook-secret'],
    ['SANDBOX_API_KEY', 'sandbox-dev-key'],
    // The slip-link key development derives from the development credentials key.
    ['SLIP_LINK_SECRET', loadConfig({}).slips.linkSecret],
    ['CHAT_GUEST_SECRET', loadConfig({}).chat.guestSecret],
    // The demo member's published password, in any secret.
    ['OPERATOR_PASSWORD', 'demo1234'],
  ])('refuses the published value of %s (%s)', (name, value) => {
    expect(refusal({ ...PRODUCTION, [name]: value })).toMatch(
      new RegExp(`^  ${name}: is a published development value`, 'm'),
    );
    // Development keeps accepting it (the README's values work out of the box).
    expect(refusal({ ...PRODUCTION, NODE_ENV: 'development', [name]: value })).toBe('');
  });

  it.each([
    ['OPERATOR_PASSWORD', 'short-pass1', /at least 12 characters/],
    ['OPERATOR_PASSWORD', 'aaaaaaaaaaaaaaaa', /fewer than 6 distinct/],
    ['QR_WEBHOOK_SECRET', 'abcdefabcdefabcdefabcdef', /short pattern repeated/],
    ['SANDBOX_API_KEY', 'a-sandbox-key', /at least 16 characters/],
    ['SLIP_LINK_SECRET', 'x1y2z3'.repeat(6), /short pattern repeated/],
    [
      'GAME_CREDENTIALS_KEY',
      '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      /short pattern repeated/,
    ],
    ['GAME_CREDENTIALS_KEY', '0'.repeat(64), /fewer than 6 distinct/],
  ])('refuses a weak %s (%s)', (name, value, reason) => {
    const message = refusal({ ...PRODUCTION, [name]: value });
    expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    expect(message).toMatch(reason);
  });

  it('refuses one value in two secrets', () => {
    expect(refusal({ ...PRODUCTION, SLIP_LINK_SECRET: PRODUCTION.QR_WEBHOOK_SECRET + 'Zq' })).toBe(
      '',
    );
    expect(refusal({ ...PRODUCTION, SLIP_LINK_SECRET: PRODUCTION.QR_WEBHOOK_SECRET })).toMatch(
      /^ {2}SLIP_LINK_SECRET: must differ from QR_WEBHOOK_SECRET/m,
    );
    // The slip-link key equal to the credentials key (any case) is the same secret.
    expect(
      refusal({
        ...PRODUCTION,
        SLIP_LINK_SECRET: PRODUCTION.GAME_CREDENTIALS_KEY!.toUpperCase(),
      }),
    ).toMatch(/SLIP_LINK_SECRET: must differ from GAME_CREDENTIALS_KEY/);
  });

  it('turns /api/docs off in production unless API_DOCS=true (decision 0048)', () => {
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'sometimes' })).toThrow(/API_DOCS/);
  });

  it('seeds no demo member in production, and refuses SEED_DEMO=true there', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(refusal({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatch(
      /^ {2}SEED_DEMO: not allowed when NODE_ENV=production/m,
    );
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('takes METRICS_TOKEN optionally, refused in production when weak or shared (0105)', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, dbCacheMs: 5000 });
    expect(loadConfig(PRODUCTION).metrics.token).toBeUndefined();
    const token = 'Wm3pQx8LrT5vNc2ZbK7yHd4gFs9JaE6u';
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: token }).metrics.token).toBe(token);
    expect(loadConfig({ METRICS_DB_CACHE_MS: '0' }).metrics.dbCacheMs).toBe(0);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: 'metrics-token-16c' })).toMatch(
      /^ {2}METRICS_TOKEN: must be at least 32 characters in production/m,
    );
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: PRODUCTION.SLIP_LINK_SECRET })).toMatch(
      /^ {2}METRICS_TOKEN: must differ from SLIP_LINK_SECRET/m,
    );
    // Development takes a short token (16 characters at least).
    expect(refusal({ METRICS_TOKEN: 'metrics-token-16c' })).toBe('');
  });

  it('refuses TRUST_PROXY=true (and a catch-all CIDR) in production: a list or hop count only (0047)', () => {
    // With `true` every client names its own address in X-Forwarded-For, and so passes every
    // per-IP limit and the sign-in lock (issue 25, section 3 item 5).
    expect(refusal({ ...PRODUCTION, TRUST_PROXY: 'true' })).toMatch(
      /^ {2}TRUST_PROXY: true is not allowed when NODE_ENV=production/m,
    );
    for (const everyone of ['0.0.0.0/0', '10.0.0.1, ::/0'])
      expect(refusal({ ...PRODUCTION, TRUST_PROXY: everyone }), everyone).toMatch(
        /^ {2}TRUST_PROXY: .*\/0 trusts every address/m,
      );
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
    ]);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    // Outside production `true` stays available (a development proxy, the tests).
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('takes a development clock file outside production only (decision 0085)', () => {
    expect(loadConfig({}).devClockFile).toBeNull();
    expect(loadConfig({ DEV_CLOCK_FILE: '/tmp/clock-offset' }).devClockFile).toBe(
      '/tmp/clock-offset',
    );
    expect(refusal({ ...PRODUCTION, DEV_CLOCK_FILE: '/tmp/clock-offset' })).toMatch(
      /^ {2}DEV_CLOCK_FILE: not allowed when NODE_ENV=production/m,
    );
  });
});

describe('config.ts is the only reader of process.env', () => {
  it('finds process.env nowhere else in the server source', () => {
    const root = import.meta.dirname;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.ts$/.test(name) &&
          !/\.test\.ts$/.test(name) &&
          name !== 'config.ts' &&
          readFileSync(path, 'utf8').includes('process.env')
        )
          offenders.push(relative(root, path));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('Web Push VAPID keys (issue 29, decision 0152)', () => {
  const refusal = (env: Record<string, string | undefined>): string => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };
  const dev = loadConfig({});

  it('development uses the published demo pair; production keeps its own', () => {
    expect(dev.push.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(dev.push.endpointOrigins).toContain('http://127.0.0.1:3100');
    const production = loadConfig(PRODUCTION);
    expect(production.push).toMatchObject({
      vapidPublicKey: PRODUCTION.VAPID_PUBLIC_KEY,
      vapidPrivateKey: PRODUCTION.VAPID_PRIVATE_KEY,
      vapidSubject: PRODUCTION.VAPID_SUBJECT,
    });
    // Production pushes only to the browsers' push services, never the sandbox.
    expect(production.push.endpointOrigins).not.toContain('http://127.0.0.1:3100');
    expect(production.push.endpointOrigins).toContain('https://fcm.googleapis.com');
  });

  it('production refuses the pair missing, the published pair, and no contact', () => {
    const missing = refusal({
      ...PRODUCTION,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
    });
    expect(missing).toContain('VAPID_PUBLIC_KEY: required when NODE_ENV=production');
    expect(missing).toContain('VAPID_PRIVATE_KEY: required when NODE_ENV=production');
    const published = refusal({
      ...PRODUCTION,
      VAPID_PUBLIC_KEY: dev.push.vapidPublicKey,
      VAPID_PRIVATE_KEY: dev.push.vapidPrivateKey,
    });
    expect(published).toContain('VAPID_PRIVATE_KEY: is a published development value');
    expect(published).toContain('VAPID_PUBLIC_KEY: is the published development key');
    expect(refusal({ ...PRODUCTION, VAPID_SUBJECT: undefined })).toMatch(
      /^ {2}VAPID_SUBJECT: required when NODE_ENV=production/m,
    );
  });

  it('refuses half a pair, a public key of another private key, and malformed keys', () => {
    const other =
      'BHMwYWzLrBOc9j44aHBwWcJSvT6P5CEAd-eXeNlWYnG7wkVcGTmrikTvt_CcLb5V8ZmRrbXEV-EDxB5ITKFp3qE';
    expect(refusal({ VAPID_PUBLIC_KEY: PRODUCTION.VAPID_PUBLIC_KEY })).toMatch(/set both/);
    expect(
      refusal({ VAPID_PUBLIC_KEY: other, VAPID_PRIVATE_KEY: PRODUCTION.VAPID_PRIVATE_KEY }),
    ).toMatch(/VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/);
    expect(refusal({ VAPID_PRIVATE_KEY: 'short' })).toMatch(/VAPID_PRIVATE_KEY: must be base64url/);
    expect(refusal({ ...PRODUCTION, PUSH_ENDPOINT_ORIGINS: 'http://push.example' })).toMatch(
      /must be https in production/,
    );
    expect(
      loadConfig({ PUSH_ENDPOINT_ORIGINS: 'https://*.push.example, http://127.0.0.1:3931/' }).push
        .endpointOrigins,
    ).toEqual(['https://*.push.example', 'http://127.0.0.1:3931']);
  });
});
