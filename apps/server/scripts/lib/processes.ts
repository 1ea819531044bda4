// Child processes for the reliability scripts and the money benchmark: free ports, a child
// in its own process group (so tsx's node goes with it), health polling, and a kill on exit
// so no run leaves a process behind.
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const SANDBOX_MAIN = join(ROOT, 'apps', 'sandbox', 'src', 'main.ts');
export const SERVER_MAIN = join(ROOT, 'apps', 'server', 'src', 'main.ts');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** CPU time (user + system, ms) a process has used so far; 0 when /proc is not there. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks at 100 Hz
  } catch {
    return 0;
  }
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = net.createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it printed. */
  tail(): string;
  exited: Promise<void>;
}

const live = new Set<Child>();
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** Signals the child's whole process group (the child leads it: detached). */
export function killGroup(child: Child, signal: NodeJS.Signals): void {
  const p = child.process;
  if (p.pid === undefined || p.exitCode !== null || p.signalCode !== null) return;
  try {
    process.kill(-p.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Runs a TypeScript entry with tsx in its own process group. */
export function startTs(name: string, file: string, env: Record<string, string>): Child {
  return startNode(name, ['--import', 'tsx', file], env);
}

/** Runs an ES module given as source (resolved from the repository root). */
export function startEval(name: string, source: string, env: Record<string, string>): Child {
  return startNode(name, ['--input-type=module', '--eval', source], env);
}

function startNode(name: string, args: string[], env: Record<string, string>): Child {
  // PROFILE_CHILD=server adds --cpu-prof to that child (profiles land in PROFILE_DIR or /tmp).
  const profile =
    process.env.PROFILE_CHILD === name
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? '/tmp'}`]
      : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n'));
    while (lines.length > 40) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const handle: Child = {
    name,
    process: child,
    tail: () => lines.join('\n'),
    exited: new Promise((r) => child.once('exit', () => r())),
  };
  live.add(handle);
  void handle.exited.then(() => live.delete(handle));
  return handle;
}

/** Stops a child: SIGTERM to its group, SIGKILL after graceMs. */
export async function stopChild(child: Child, graceMs = 3000): Promise<void> {
  killGroup(child, 'SIGTERM');
  const timedOut = await Promise.race([
    child.exited.then(() => false),
    sleep(graceMs).then(() => true),
  ]);
  if (timedOut) {
    killGroup(child, 'SIGKILL');
    await child.exited;
  }
}

/** Polls url until 2xx; throws after ms or when the child exits first. */
export async function waitFor(
  url: string,
  options: { headers?: Record<string, string>; ms?: number; child?: Child; pollMs?: number } = {},
): Promise<void> {
  const ms = options.ms ?? 90_000;
  const deadline = Date.now() + ms;
  let exited = false;
  void options.child?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${options.child!.name} exited:\n${options.child!.tail()}`);
    try {
      const res = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(options.pollMs ?? 100);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

export const SERVER_READY = {
  path: '/api/lookup/active',
  headers: { 'x-wallet-user': 'member' },
} as const;

/**
 * The environment of a benchmarked server: production (Argon2 and all), warn-level logs (per
 * request info logs would be measured too), fresh secrets (production refuses weak and shared
 * ones: decision 0046), no demo data, and the sign-in, registration and per-address caps
 * lifted (every bench connection comes from 127.0.0.1: decision 0047).
 */
/** A VAPID pair of its own (production refuses the published one: decision 0152). */
function freshVapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
  };
}

export function benchServerEnv(operatorPassword: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    OPERATOR_PASSWORD: operatorPassword,
    GAME_CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    QR_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
    SLIP_LINK_SECRET: randomBytes(32).toString('base64url'),
    CHAT_GUEST_SECRET: randomBytes(32).toString('base64url'),
    ...freshVapidPair(),
    VAPID_SUBJECT: 'mailto:bench@wallet.invalid',
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN_PER_MIN: '100000',
    RATE_LIMIT_REGISTER_PER_MIN: '100000',
    HTTP_MAX_CONNECTIONS_PER_IP: '0',
    // Funded by one operator's adjustments: no review after recent credits (0116).
    ADJUSTMENT_REVIEW_HOURS: '0',
  };
}

export async function startSandbox(key: string): Promise<{ url: string; child: Child }> {
  const port = await freePort();
  const child = startTs('sandbox', SANDBOX_MAIN, {
    SANDBOX_PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_API_KEY: key,
    LOG_LEVEL: 'error',
    // A throwaway provider: nothing kept in ./data (decision 0126).
    SANDBOX_STATE_FILE: 'off',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, { child });
  return { url, child };
}
