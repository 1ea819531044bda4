// Starts the sandbox and the server (and in development Vite) as child processes, waits
// for each to answer its health check, and stops them by process group. Shared by
// `npm start` (scripts/start.mjs), the e2e harness (e2e/support/stack.ts) and the web
// benchmark (bench/web-perf.mjs), so all three run the stack the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_SANDBOX_KEY, ROOT, SANDBOX_MAIN, SERVER_MAIN } from './paths.mjs';
import { getFreePort } from './ports.mjs';

const require = createRequire(import.meta.url);
const TSX_CLI = require.resolve('tsx/cli');
const KEEP_LINES = 300;

/** Every live child handle, so a crashing parent still takes its children down. */
const live = new Set();
/** Process groups of children whose leader has exited: stragglers may remain in them. */
const orphanGroups = new Set();
process.once('exit', () => {
  for (const handle of live) killGroup(handle.process, 'SIGKILL');
  killOrphans();
});

function killOrphans() {
  for (const pgid of orphanGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* the group is empty: nothing left */
    }
  }
  orphanGroups.clear();
}

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    // Each child leads its own process group (detached), so this also reaches what it spawned
    // (tsx's node process, Vite's esbuild service).
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * @typedef {object} ChildHandle
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} process
 * @property {Promise<{ name: string, code: number | null, signal: string | null }>} exited
 * @property {() => string} output the last lines it printed
 */

/**
 * Spawns one long-running child in its own process group.
 * @param {{ name: string, command: string, args: string[], env: Record<string, string | undefined>, echo: boolean, cwd?: string }} spec
 * @returns {ChildHandle}
 */
export function spawnChild(spec) {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd ?? ROOT,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines = [];
  const collect = (stream, target) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > KEEP_LINES) lines.shift();
        if (spec.echo) target.write(`${line.startsWith('[') ? '' : `[${spec.name}] `}${line}\n`);
      }
    });
    stream.on('end', () => {
      if (partial) {
        lines.push(partial);
        if (spec.echo) target.write(`[${spec.name}] ${partial}\n`);
      }
    });
  };
  collect(child.stdout, process.stdout);
  collect(child.stderr, process.stderr);
  /** @type {ChildHandle} */
  let handle;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      live.delete(handle);
      // The leader is gone, but what it spawned (tsx's node, esbuild) may not be.
      if (child.pid !== undefined) orphanGroups.add(child.pid);
      resolve({ name: spec.name, code, signal });
    });
    child.on('error', (error) => {
      live.delete(handle);
      lines.push(`spawn failed: ${error.message}`);
      resolve({ name: spec.name, code: 127, signal: null });
    });
  });
  handle = { name: spec.name, process: child, exited, output: () => lines.join('\n') };
  live.add(handle);
  return handle;
}

/** Stops every child this process started and has not seen exit yet. */
export async function stopAll(signal = 'SIGTERM', graceMs = 5000) {
  await stopChildren([...live], signal, graceMs);
  killOrphans();
}

/**
 * For harnesses (e2e): when this process is told to stop (SIGINT/SIGTERM, e.g. a runner's
 * timeout), stop the children first, then die of the same signal. Signal death skips
 * 'exit' handlers, so without this the servers would outlive their test.
 */
export function stopChildrenOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopAll('SIGKILL', 1000).finally(() => process.kill(process.pid, signal));
    });
  }
}

/**
 * Polls a URL until it answers 2xx, the child exits, or the time runs out.
 * @param {ChildHandle} child
 * @param {string} url
 * @param {{ headers?: Record<string, string>, timeoutMs?: number, ready?: (status: number) => boolean }} [options]
 *   ready: which HTTP status means ready (default 2xx)
 */
export async function waitForHealth(child, url, options = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let exitInfo = null;
  child.exited.then((info) => (exitInfo = info));
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (exitInfo) {
      throw new Error(
        `${child.name} exited (code ${exitInfo.code}, signal ${exitInfo.signal}) before ${url} answered.\n` +
          `--- last output of ${child.name} ---\n${child.output()}`,
      );
    }
    try {
      const res = await fetch(url, {
        headers: options.headers,
        signal: globalThis.AbortSignal.timeout(2000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (options.ready ? options.ready(res.status) : res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(150);
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${options.timeoutMs ?? 60_000} ms (${lastError}).\n` +
      `--- last output of ${child.name} ---\n${child.output()}`,
  );
}

/** Stops children (SIGTERM or the given signal, then SIGKILL after graceMs). */
export async function stopChildren(children, signal = 'SIGTERM', graceMs = 5000) {
  await Promise.all(
    children.map(async (child) => {
      killGroup(child.process, signal);
      const timer = sleep(graceMs).then(() => 'timeout');
      if ((await Promise.race([child.exited, timer])) === 'timeout') {
        killGroup(child.process, 'SIGKILL');
        await child.exited;
      }
    }),
  );
}

/** The readiness check of the product server: a public contract route answering 200. */
export const SERVER_HEALTH = { path: '/api/lookup/active', headers: { 'x-wallet-user': 'member' } };

/**
 * @typedef {object} StackOptions
 * @property {number} [appPort] default: a free port
 * @property {number} [sandboxPort] default: a free port
 * @property {string} [host] interface both children listen on, default 127.0.0.1
 * @property {string} [sandboxKey]
 * @property {boolean} [tempSqlite] use a fresh SQLite file in a temp folder (removed on stop)
 * @property {boolean} [keepSandboxState] the sandbox keeps its state where SANDBOX_STATE_FILE
 *   says (default ./data/sandbox-state.json): `npm start` only (decision 0126)
 * @property {string} [sandboxStateFile] otherwise the sandbox's state file; default: one in
 *   the temp folder with tempSqlite, else none (memory only), so a test or benchmark never
 *   shares the developer's ./data
 * @property {string} [databaseUrl] PostgreSQL instead of SQLite
 * @property {Record<string, string>} [env] extra environment for the server
 * @property {boolean} [echo] print the children's output (prefixed) as it comes
 * @property {boolean} [watch] restart children on source changes (tsx watch)
 * @property {number} [timeoutMs] per health check
 */

/**
 * @typedef {object} Stack
 * @property {string} appUrl
 * @property {string} sandboxUrl
 * @property {string} sandboxKey
 * @property {ChildHandle[]} children
 * @property {Promise<{ name: string, code: number | null, signal: string | null }>} firstExit
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop
 * @property {() => string} logs
 */

/**
 * Starts the sandbox, waits for it, then the server, and waits for that. A port picked free
 * can be taken by another process before the child binds it (parallel e2e files start
 * stacks at once): when a child then dies with EADDRINUSE on a port we picked, the stack
 * starts again on new ports, a few times.
 * @param {StackOptions} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const picked = options.appPort === undefined || options.sandboxPort === undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      const taken = String(error instanceof Error ? error.message : error).includes('EADDRINUSE');
      if (!picked || !taken || attempt >= 3) throw error;
    }
  }
}

/**
 * @param {StackOptions} options
 * @returns {Promise<Stack>}
 */
async function startStackOnce(options) {
  const host = options.host ?? '127.0.0.1';
  // Listening on every interface (HOST=0.0.0.0, e.g. to test on a phone) is still reached
  // locally through the loopback address.
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const sandboxPort = options.sandboxPort ?? (await getFreePort(local));
  const appPort = options.appPort ?? (await getFreePort(local));
  const sandboxKey = options.sandboxKey || process.env.SANDBOX_API_KEY || DEFAULT_SANDBOX_KEY;
  const sandboxUrl = `http://${local}:${sandboxPort}`;
  const appUrl = `http://${local}:${appPort}`;
  const tempDir = options.tempSqlite ? mkdtempSync(path.join(os.tmpdir(), 'wallet-stack-')) : null;
  const echo = options.echo ?? false;
  const runTs = (file) =>
    options.watch
      ? { command: process.execPath, args: [TSX_CLI, 'watch', '--clear-screen=false', file] }
      : { command: process.execPath, args: ['--import', 'tsx', file] };

  /** @type {ChildHandle[]} */
  const children = [];
  let stopped = false;
  const stop = async (signal = 'SIGTERM') => {
    if (stopped) return;
    stopped = true;
    await stopChildren([...children].reverse(), signal);
    killOrphans();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };

  // One webhook secret for both sides when either is set (QR payments are signed with it).
  const webhookSecret = process.env.QR_WEBHOOK_SECRET || process.env.SANDBOX_WEBHOOK_SECRET;
  const secrets = webhookSecret
    ? {
        sandbox: { SANDBOX_WEBHOOK_SECRET: webhookSecret },
        server: { QR_WEBHOOK_SECRET: webhookSecret },
      }
    : { sandbox: {}, server: {} };

  const sandboxState = options.keepSandboxState
    ? {}
    : {
        SANDBOX_STATE_FILE:
          options.sandboxStateFile ?? (tempDir ? path.join(tempDir, 'sandbox-state.json') : 'off'),
      };

  try {
    const sandbox = spawnChild({
      name: 'sandbox',
      ...runTs(SANDBOX_MAIN),
      echo,
      env: {
        ...process.env,
        SANDBOX_PORT: String(sandboxPort),
        HOST: host,
        SANDBOX_API_KEY: sandboxKey,
        ...sandboxState,
        ...secrets.sandbox,
      },
    });
    children.push(sandbox);
    await waitForHealth(sandbox, `${sandboxUrl}/health`, { timeoutMs: options.timeoutMs });

    const serverEnv = {
      ...process.env,
      PORT: String(appPort),
      HOST: host,
      SANDBOX_URL: sandboxUrl,
      SANDBOX_API_KEY: sandboxKey,
      ...secrets.server,
      ...(tempDir
        ? {
            SQLITE_PATH: path.join(tempDir, 'wallet.db'),
            FILE_STORE_DIR: path.join(tempDir, 'files'),
          }
        : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    };
    const server = spawnChild({ name: 'server', ...runTs(SERVER_MAIN), echo, env: serverEnv });
    children.push(server);
    await waitForHealth(server, `${appUrl}${SERVER_HEALTH.path}`, {
      headers: SERVER_HEALTH.headers,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    appUrl,
    sandboxUrl,
    sandboxKey,
    children,
    firstExit: Promise.race(children.map((child) => child.exited)),
    stop,
    logs: () => children.map((c) => `--- ${c.name} ---\n${c.output()}`).join('\n'),
  };
}
