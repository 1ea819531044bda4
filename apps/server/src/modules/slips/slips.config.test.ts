import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('slip settings in the server config', () => {
  it('has working defaults', () => {
    const { slips } = loadConfig({});
    expect(slips).toMatchObject({
      verifyTimeoutMs: 5000,
      retryIntervalMs: 15000,
      maxAttempts: 10,
      linkTtlSeconds: 900,
      uploadsPerMin: 60,
      decodeWorkers: 2,
      decodeTimeoutMs: 20000,
      uploadsPerMemberPerHour: 30,
      failedFileRetentionDays: 30,
    });
    expect(slips.fileDir).toMatch(/[/\\]data[/\\]files$/);
    expect(slips.linkSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes SLIP_LINK_SECRET, or derives the key from GAME_CREDENTIALS_KEY (decision 0029)', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ SLIP_LINK_SECRET: secret }).slips.linkSecret).toBe(secret);
    const a = loadConfig({ GAME_CREDENTIALS_KEY: 'a'.repeat(64) }).slips.linkSecret;
    const b = loadConfig({ GAME_CREDENTIALS_KEY: 'b'.repeat(64) }).slips.linkSecret;
    expect(a).not.toBe(b);
    expect(loadConfig({ GAME_CREDENTIALS_KEY: 'a'.repeat(64) }).slips.linkSecret).toBe(a);
    expect(() => loadConfig({ SLIP_LINK_SECRET: 'short' })).toThrow(/SLIP_LINK_SECRET/);
    expect(() => loadConfig({ SLIP_VERIFY_MAX_ATTEMPTS: '0' })).toThrow(/SLIP_VERIFY_MAX_ATTEMPTS/);
    expect(() => loadConfig({ SLIP_DECODE_WORKERS: '0' })).toThrow(/SLIP_DECODE_WORKERS/);
    expect(loadConfig({ SLIP_DECODE_TIMEOUT_MS: '5000' }).slips.decodeTimeoutMs).toBe(5000);
  });
});
