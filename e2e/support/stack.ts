// A fresh stack per test file: sandbox and server as child processes on free ports, an
// empty SQLite file in a temp folder (or PostgreSQL when E2E_DATABASE_URL is set), serving
// private copies of the built web app and operator console (web-snapshot.ts). The same code
// runs `npm start` (scripts/lib/stack.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { ensureArtwork } from '../../scripts/lib/artwork-build.mjs';
import { CONSOLE_DIST } from '../../scripts/lib/paths.mjs';
import { ensureWebBuild } from '../../scripts/lib/web-build.mjs';
import { startStack as startChildren } from '../../scripts/lib/stack.mjs';
import { snapshotWebDist, snapshotWebServerDist } from './web-snapshot.js';

export interface Stack {
  /** Origin of the app and its /api, e.g. http://127.0.0.1:41234 */
  appUrl: string;
  sandboxUrl: string;
  sandboxKey: string;
  /** Password of the seeded operators (OPERATOR_PASSWORD), fresh per stack. */
  operatorPassword: string;
  /** The demo operators' authenticator secret (OPERATOR_DEMO_TOTP_SECRET), fresh per stack. */
  operatorTotpSecret: string;
  /** The stack's private copy of apps/web/dist the server serves (a journey may 'deploy' into it). */
  webDist: string;
  /** Where the server keeps its data: the SQLite file, or the PostgreSQL URL (support/db.ts). */
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  /** The last lines the server and sandbox printed, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  /** Extra server environment, e.g. { LAO_BUILD: 'true' }. */
  env?: Record<string, string>;
}

// `npm test` builds once up front (support/build-web.ts) and says so with E2E_WEB_BUILT=1.
// E2E_WEB_BUILT=1: support/build-web.ts ran before the journeys (the web, the console and the
// artwork are built).
let built = process.env.E2E_WEB_BUILT === '1';
let artworkBuilt = built;

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  if (!built) {
    // Builds when apps/web/dist is missing or older than the web and contract sources, so
    // journeys never test a stale bundle. Logs go to stderr: stdout belongs to the runner.
    ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), toStderr: true });
    built = true;
  }
  if (!artworkBuilt) {
    // The provider artwork the server serves (decision 0059); returns at once when current.
    ensureArtwork({ toStderr: true });
    artworkBuilt = true;
  }
  const databaseUrl = process.env.E2E_DATABASE_URL;
  // A shared PostgreSQL database keeps the operator seeded by an earlier stack, so there
  // the password must stay the same from file to file.
  const operatorPassword =
    options.env?.OPERATOR_PASSWORD ??
    process.env.OPERATOR_PASSWORD ??
    (databaseUrl ? 'operator-demo-pass' : `e2e-${randomBytes(9).toString('base64url')}`);
  // The stack's own temp folder (not stack.mjs's tempSqlite) so journeys know the database
  // file, and uploaded slips (FILE_STORE_DIR) stay out of the checkout's ./data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
  const sqlitePath = path.join(dataDir, 'wallet.db');
  // The demo seed sets every demo operator's authenticator to this secret at each start.
  const operatorTotpSecret =
    options.env?.OPERATOR_DEMO_TOTP_SECRET ?? new OTPAuth.Secret({ size: 20 }).base32;
  // One fresh webhook secret for both sides, so a QR payment credits only when the
  // sandbox's signature really matches the server's key (not two equal defaults).
  const webhookSecret =
    options.env?.QR_WEBHOOK_SECRET ?? `e2e-webhook-${randomBytes(12).toString('base64url')}`;
  const webDist = await snapshotWebDist();
  const webServerDist = await snapshotWebServerDist();
  const consoleDist = await snapshotWebDist(CONSOLE_DIST);
  const cleanUp = () => {
    rmSync(webDist, { recursive: true, force: true });
    rmSync(webServerDist, { recursive: true, force: true });
    rmSync(consoleDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  let stack: Awaited<ReturnType<typeof startChildren>>;
  // stack.mjs gives the sandbox this process's environment; the server gets `env`.
  const previousSandboxSecret = process.env.SANDBOX_WEBHOOK_SECRET;
  process.env.SANDBOX_WEBHOOK_SECRET = webhookSecret;
  try {
    stack = await startChildren({
      ...(databaseUrl ? { databaseUrl } : {}),
      // The sandbox keeps its state beside the database, in the stack's own folder.
      sandboxStateFile: path.join(dataDir, 'sandbox-state.json'),
      env: {
        WEB_DIST: webDist,
        WEB_SERVER_DIST: webServerDist,
        CONSOLE_DIST: consoleDist,
        FILE_STORE_DIR: path.join(dataDir, 'files'),
        ...(databaseUrl ? {} : { SQLITE_PATH: sqlitePath }),
        // The journeys fund wallets by one operator's adjustments (support/money.ts) and then
        // withdraw: the review after recent credits (decision 0116) is off, as in the server's
        // integration tests; T12 tests it there. A journey may turn it on in `env`.
        ADJUSTMENT_REVIEW_HOURS: '0',
        ...options.env,
        QR_WEBHOOK_SECRET: webhookSecret,
        OPERATOR_PASSWORD: operatorPassword,
        OPERATOR_DEMO_TOTP_SECRET: operatorTotpSecret,
      },
      echo: process.env.E2E_VERBOSE === '1',
      timeoutMs: 60_000,
    });
  } catch (error) {
    cleanUp();
    throw error;
  } finally {
    if (previousSandboxSecret === undefined) delete process.env.SANDBOX_WEBHOOK_SECRET;
    else process.env.SANDBOX_WEBHOOK_SECRET = previousSandboxSecret;
  }
  return {
    appUrl: stack.appUrl,
    sandboxUrl: stack.sandboxUrl,
    sandboxKey: stack.sandboxKey,
    operatorPassword,
    operatorTotpSecret,
    webDist,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', path: sqlitePath },
    logs: stack.logs,
    stop: () => stack.stop().finally(cleanUp),
  };
}

/** The member the server seeds at start (phone and password). */
export { DEMO_MEMBER } from '../../scripts/lib/paths.mjs';
