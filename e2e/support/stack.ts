// A fresh stack per test file: sandbox and server as child processes on free ports, an
// empty SQLite file in a temp folder (or PostgreSQL when E2E_DATABASE_URL is set), serving
// the built web app. The same code runs `npm start` (scripts/lib/stack.mjs).
import { ensureWebBuild } from '../../scripts/lib/web-build.mjs';
import { startStack as startChildren } from '../../scripts/lib/stack.mjs';

export interface Stack {
  /** Origin of the app and its /api, e.g. http://127.0.0.1:41234 */
  appUrl: string;
  sandboxUrl: string;
  sandboxKey: string;
  /** The last lines the server and sandbox printed, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  /** Extra server environment, e.g. { LAO_BUILD: 'true' }. */
  env?: Record<string, string>;
}

let built = false;

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  if (!built) {
    // Builds when apps/web/dist is missing or older than the web and contract sources, so
    // journeys never test a stale bundle. Logs go to stderr: stdout belongs to the runner.
    ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), toStderr: true });
    built = true;
  }
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const stack = await startChildren({
    ...(databaseUrl ? { databaseUrl } : { tempSqlite: true }),
    env: options.env ?? {},
    echo: process.env.E2E_VERBOSE === '1',
    timeoutMs: 60_000,
  });
  return {
    appUrl: stack.appUrl,
    sandboxUrl: stack.sandboxUrl,
    sandboxKey: stack.sandboxKey,
    logs: stack.logs,
    stop: () => stack.stop(),
  };
}

/** The member the server seeds at start (phone and password). */
export { DEMO_MEMBER } from '../../scripts/lib/paths.mjs';
