import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_ARGON2 } from './config';

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
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
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

  it('requires OPERATOR_PASSWORD in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OPERATOR_PASSWORD/);
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
    });
    expect(() => loadConfig({ GAME_CREDENTIALS_KEY: 'short' })).toThrow(/GAME_CREDENTIALS_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', OPERATOR_PASSWORD: 'a-long-secret' }),
    ).toThrow(/GAME_CREDENTIALS_KEY/);
  });

  it('reads the deposit variables and requires QR_WEBHOOK_SECRET in production', () => {
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
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OPERATOR_PASSWORD: 'a-long-secret',
        GAME_CREDENTIALS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      }),
    ).toThrow(/QR_WEBHOOK_SECRET/);
  });

  it('uses the Argon2id production minimums (m = 19 MiB, t = 2, p = 1) in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      OPERATOR_PASSWORD: 'a-long-secret',
      GAME_CREDENTIALS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      QR_WEBHOOK_SECRET: 'a-gateway-webhook-secret',
    });
    expect(config.argon2).toEqual(PRODUCTION_ARGON2);
    expect(config.argon2.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(config.argon2.timeCost).toBeGreaterThanOrEqual(2);
    expect(config.argon2.parallelism).toBe(1);
    // The environment cannot lower them.
    const lowered = loadConfig({
      NODE_ENV: 'production',
      OPERATOR_PASSWORD: 'a-long-secret',
      GAME_CREDENTIALS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      QR_WEBHOOK_SECRET: 'a-gateway-webhook-secret',
      ARGON2_MEMORY_COST: '8',
    } as Record<string, string>);
    expect(lowered.argon2).toEqual(PRODUCTION_ARGON2);
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
