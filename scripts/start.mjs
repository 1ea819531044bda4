#!/usr/bin/env node
// `npm start`: build the provider artwork, the web app and the operator console if needed,
// run the sandbox and the server, print the URLs. SIGTERM / SIGINT are passed to the
// children, which drain, and waited for (the sandbox writes its state file last: decision
// 0126); SIGHUP is passed to the server (a rolling restart of its workers with WORKERS > 1:
// decision 0102). WORKERS reaches the server unchanged.
// `npm run dev` (--dev): the same with hot reload (tsx watch + Vite's dev server, which
// proxies /api to the server). Stops both on Ctrl+C; exits when either child dies. The
// console is then served from its last build under /console/ on the API server; for hot
// reload run `npm run dev -w @wallet/console` beside it (decision 0087).
import { existsSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureArtwork } from './lib/artwork-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';
import { DEMO_MEMBER, DEMO_OPERATORS, ROOT, WEB_DIR } from './lib/paths.mjs';
import { spawnChild, startStack, stopAll, waitForHealth } from './lib/stack.mjs';

const dev = process.argv.includes('--dev');
const env = process.env;

function port(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number (1-65535), got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const appPort = port('PORT', 3000);
const sandboxPort = port('SANDBOX_PORT', 3100);
const webDevPort = port('WEB_DEV_PORT', 5173);

// The server drains for up to SHUTDOWN_GRACE_MS (default 10 s); its children get that and a
// margin before they are killed.
const graceMs = (Number(env.SHUTDOWN_GRACE_MS) || 10_000) + 5000;

// Installed first, so Ctrl+C during the build or start-up also stops what has started.
let stopping = false;
async function shutdown(signal, code) {
  if (stopping) return;
  stopping = true;
  await stopAll(signal, graceMs);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void shutdown(signal, 0));
}
// SIGHUP would end this script (Node's default) and orphan the children: pass it on instead.
let stack;
process.on('SIGHUP', () => {
  const server = stack?.children.find((child) => child.name === 'server');
  if (dev || !server || stopping) {
    console.log('SIGHUP: nothing to restart (the server is not running, or this is npm run dev)');
    return;
  }
  console.log('SIGHUP: rolling restart of the server workers');
  server.process.kill('SIGHUP');
});
/** A start-up failure: report it unless it was caused by our own shutdown. */
async function failStart(what, error) {
  if (stopping) return new Promise(() => {}); // shutdown() exits
  console.error(`\nCould not start ${what}: ${error instanceof Error ? error.message : error}`);
  await shutdown('SIGTERM', 1);
}

try {
  ensureArtwork();
} catch (error) {
  // A machine without Debian's fonts-noto-core cannot rasterise the lettering; the server then
  // serves the same designs as SVG drawings (decision 0059), so the product still starts.
  console.warn(
    `${error instanceof Error ? error.message : error}\n` +
      'Continuing: game artwork is served as SVG drawings (apt-get install fonts-noto-core for the PNG/JPEG files).',
  );
}
if (!dev) {
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * The sandbox keeps its state across restarts (decision 0126), the server its database. When
 * the SQLite file is gone (removed to start over) but the sandbox's state is not, the old
 * game accounts belong to no one, and a new member would be given an old member's account
 * (the provider knows members by member number). Start the sandbox afresh too; its old file
 * is moved aside, not deleted. (Both paths are relative to the repository, the children's
 * working directory.)
 */
function freshSandboxForFreshDatabase() {
  if (env.DATABASE_URL) return;
  const stateSetting = env.SANDBOX_STATE_FILE || './data/sandbox-state.json';
  if (stateSetting === 'off') return;
  const database = path.resolve(ROOT, env.SQLITE_PATH || './data/wallet.db');
  const state = path.resolve(ROOT, stateSetting);
  if (existsSync(database) || !existsSync(state) || !statSync(state).isFile()) return;
  const shown = (file) =>
    file.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, file) : file;
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const aside = `${state}.before-new-database-${stamp}`;
  try {
    renameSync(state, aside);
    console.log(
      `The database ${shown(database)} is new, so the sandbox starts empty too ` +
        `(its old state: ${shown(aside)}).`,
    );
  } catch (error) {
    console.warn(`Could not move the old sandbox state aside: ${error.message}`);
  }
}
freshSandboxForFreshDatabase();

try {
  stack = await startStack({
    appPort,
    sandboxPort,
    host: env.HOST || '127.0.0.1',
    keepSandboxState: true,
    echo: true,
    watch: dev,
    timeoutMs: 90_000,
  });
} catch (error) {
  await failStart('the stack', error);
}

const extra = [];
if (dev) {
  const vite = spawnChild({
    name: 'web',
    command: 'npm',
    args: ['run', 'dev'],
    cwd: WEB_DIR,
    echo: true,
    // apps/web/vite.config.ts reads these: its port and where /api is proxied.
    env: { ...env, WEB_DEV_PORT: String(webDevPort), API_PROXY_TARGET: stack.appUrl },
  });
  extra.push(vite);
  try {
    // Any answer means Vite is listening (it may 404 / before the app has an index.html).
    await waitForHealth(vite, `http://127.0.0.1:${webDevPort}/`, {
      timeoutMs: 90_000,
      ready: (status) => status < 500,
    });
  } catch (error) {
    await failStart('Vite', error);
  }
}

const appUrl = dev ? `http://127.0.0.1:${webDevPort}` : stack.appUrl;
const rows = [
  [dev ? 'App (hot reload)' : 'App', appUrl],
  ...(dev ? [['API server', stack.appUrl]] : []),
  ...(Number(env.WORKERS) > 1 ? [['Server processes', `WORKERS=${env.WORKERS}`]] : []),
  ['Sandbox', stack.sandboxUrl],
  ['SMS inbox', `${stack.sandboxUrl}/sms`],
  ['API docs', `${stack.appUrl}/api/docs`],
  ['Console', `${stack.appUrl}/console/`],
  ['Demo member', `${DEMO_MEMBER.phone} / ${DEMO_MEMBER.password}`],
  ['Demo operators', `${DEMO_OPERATORS.usernames.join(', ')} / ${DEMO_OPERATORS.password}`],
  ['Authenticator codes', 'npm run operator:codes'],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(
  `\n  Member wallet is running${dev ? ' (development)' : ''}\n\n` +
    rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n') +
    '\n\n  Press Ctrl+C to stop.\n',
);

const first = await Promise.race([stack.firstExit, ...extra.map((child) => child.exited)]);
if (!stopping) {
  console.error(
    `\n${first.name} stopped (code ${first.code}, signal ${first.signal}); stopping the others.`,
  );
  await shutdown('SIGTERM', first.code && first.code !== 0 ? first.code : 1);
}
