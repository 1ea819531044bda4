import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3100 on 127.0.0.1 with the development key', () => {
    expect(loadConfig({})).toEqual({
      port: 3100,
      host: '127.0.0.1',
      apiKey: 'sandbox-dev-key',
      logLevel: 'warn',
      logFormat: 'pretty',
      webhookSecret: 'sandbox-webhook-secret',
      stateFile: join(process.cwd(), 'data', 'sandbox-state.json'),
    });
    expect(defaultConfig.port).toBe(3100);
  });

  it('reads SANDBOX_PORT, HOST, SANDBOX_API_KEY, LOG_LEVEL and SANDBOX_WEBHOOK_SECRET', () => {
    const config = loadConfig({
      SANDBOX_PORT: '3405',
      HOST: '0.0.0.0',
      SANDBOX_API_KEY: 'k',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SANDBOX_WEBHOOK_SECRET: 'w',
    });
    expect(config).toEqual({
      port: 3405,
      host: '0.0.0.0',
      apiKey: 'k',
      logLevel: 'info',
      logFormat: 'json',
      webhookSecret: 'w',
      stateFile: join(process.cwd(), 'data', 'sandbox-state.json'),
    });
  });

  it('keeps its state in SANDBOX_STATE_FILE, resolved from the working directory, or nowhere with off', () => {
    expect(loadConfig({ SANDBOX_STATE_FILE: '/tmp/s/state.json' }).stateFile).toBe(
      '/tmp/s/state.json',
    );
    expect(loadConfig({ SANDBOX_STATE_FILE: 'x/state.json' }).stateFile).toBe(
      join(process.cwd(), 'x', 'state.json'),
    );
    expect(loadConfig({ SANDBOX_STATE_FILE: 'off' })).not.toHaveProperty('stateFile');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SANDBOX_PORT: '', SANDBOX_API_KEY: '' }).apiKey).toBe('sandbox-dev-key');
  });

  it('fails fast naming the bad variable', () => {
    expect(() => loadConfig({ SANDBOX_PORT: 'abc' })).toThrow(/SANDBOX_PORT/);
    expect(() => loadConfig({ SANDBOX_PORT: '70000' })).toThrow(/SANDBOX_PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });
});
