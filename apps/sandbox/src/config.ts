import { resolve } from 'node:path';
import { z } from 'zod';

// The only reader of the environment in the sandbox. Validated once, failing fast with a
// message that names the variable.
const envSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_API_KEY: z.string().min(1).default('sandbox-dev-key'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  // Readable lines for the terminal, or pino's JSON lines (issue 26). The sandbox never runs
  // in production, so readable is the default whatever NODE_ENV says.
  LOG_FORMAT: z.enum(['json', 'pretty']).default('pretty'),
  // Base of the game launch links the provider hands out, when the browser reaches the
  // sandbox by another address than the server does (a phone on the LAN, a proxy).
  SANDBOX_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // HMAC secret of the QR gateway webhooks; the server's QR_WEBHOOK_SECRET must match.
  SANDBOX_WEBHOOK_SECRET: z.string().min(1).default('sandbox-webhook-secret'),
  // Where the sandbox keeps its state across restarts (decision 0126), relative to the
  // working directory like the server's SQLITE_PATH; `off` keeps it in memory only.
  SANDBOX_STATE_FILE: z.string().min(1).default('./data/sandbox-state.json'),
});

export interface SandboxConfig {
  port: number;
  host: string;
  /** Shared secret the server sends in `x-sandbox-key` when it calls a part's API. */
  apiKey: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  /** Base URL for launch links; unset = the address the caller used to reach the sandbox. */
  publicUrl?: string;
  /** Signs the QR gateway webhooks (HMAC-SHA256). */
  webhookSecret: string;
  /** Absolute path of the state file; unset = state in memory only (SANDBOX_STATE_FILE=off). */
  stateFile?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  // Empty strings mean "unset", as in a shell that exports VAR=.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid sandbox environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.SANDBOX_PORT,
    host: e.HOST,
    apiKey: e.SANDBOX_API_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    ...(e.SANDBOX_STATE_FILE === 'off'
      ? {}
      : { stateFile: resolve(process.cwd(), e.SANDBOX_STATE_FILE) }),
    ...(e.SANDBOX_PUBLIC_URL ? { publicUrl: e.SANDBOX_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
}

/**
 * The defaults, for tests and for callers that pass no environment. buildSandbox() never
 * reads `stateFile` from a config: only its own `stateFile` option (main.ts) keeps state.
 */
export const defaultConfig: SandboxConfig = loadConfig({});
