// Rolling restart under load (issue 15, decision 0102). Starts the sandbox and the server with
// WORKERS=2 on a fresh PostgreSQL database (DATABASE_URL or TEST_DATABASE_URL), creates funded
// members with a PG game account, then CLIENTS keep-alive clients read (GET /api/wallet,
// GET /api/account/profile) and transfer wallet <-> game while the primary gets SIGHUP
// ROLLS times (each a full rolling restart: every worker replaced, one at a time). A failed
// request is any request without an answer (connection reset, refused, timeout) or with a
// 5xx answer; the pass figure is 0. The ledger check runs at the end.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/rolling-restart.ts [--clients 16] [--rolls 2]
// Exits 1 when a request failed, a roll did not finish, or the ledger check found a violation.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { satangToBaht } from '@wallet/contract';
import { createDatabase } from '../src/db/database';
import { ledgerCheck } from '../src/modules/ledger';
import { flags, intFlag } from './script-args';
import { waitForLine, workerPids } from './lib/cluster';
import { createClient, percentile } from './lib/http-client';
import { createMembers, operatorSession } from './lib/members';
import {
  freePort,
  SERVER_MAIN,
  SERVER_READY,
  sleep,
  startSandbox,
  startTs,
  stopChild,
  waitFor,
} from './lib/processes';
import { scratchDatabase } from './lib/scratch-db';

const f = flags();
const CLIENTS = intFlag(f, 'clients', 16);
const MEMBERS = intFlag(f, 'members', 32);
const ROLLS = intFlag(f, 'rolls', 2);
const WORKERS = intFlag(f, 'workers', 2);
/** Load before the first roll, between rolls and after the last. */
const GAP_MS = intFlag(f, 'gap-ms', 3000);
/** Longest a roll may take (a worker starts in about 10 s on a busy 2-core machine). */
const ROLL_LIMIT_MS = intFlag(f, 'roll-limit-ms', 120_000);
const GAME = 'PG';
const KEY = 'roll-sandbox-key';
const OPERATOR_PASSWORD = 'roll-operator-pass';

const pgAdminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgAdminUrl) throw new Error('rolling-restart needs DATABASE_URL or TEST_DATABASE_URL');

const scratch = await scratchDatabase('roll', pgAdminUrl);
const sandbox = await startSandbox(KEY);
const appPort = await freePort();
const appUrl = `http://127.0.0.1:${appPort}`;
const server = startTs('server', SERVER_MAIN, {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  SANDBOX_URL: sandbox.url,
  SANDBOX_API_KEY: KEY,
  LOG_LEVEL: 'warn',
  OPERATOR_PASSWORD,
  SEED_DEMO: 'false',
  WORKERS: String(WORKERS),
  RATE_LIMIT_LOGIN_PER_MIN: '100000',
  RATE_LIMIT_OTP_PER_MIN: '100000',
  RATE_LIMIT_REGISTER_PER_MIN: '100000',
  RECONCILE_INTERVAL_MS: '1000',
  // Funded by one operator's adjustments: no review after recent credits (0116).
  ADJUSTMENT_REVIEW_HOURS: '0',
  ...scratch.env,
});
const client = createClient(appUrl, CLIENTS + 4);
let exitCode = 1;
try {
  await waitFor(`${appUrl}${SERVER_READY.path}`, { headers: SERVER_READY.headers, child: server });
  await waitForLine(server, /Member wallet server: /, 120_000);
  const operator = await operatorSession(client, OPERATOR_PASSWORD);
  const members = await createMembers(client, operator, MEMBERS, {
    fundBaht: 10_000,
    games: [GAME],
  });
  const before = workerPids(server.process.pid!);
  console.log(
    `rolling restart: ${scratch.label}, WORKERS=${WORKERS} (pids ${before.join(', ')}), ` +
      `${CLIENTS} clients, ${MEMBERS} members, ${ROLLS} rolls`,
  );

  const stats = {
    requests: 0,
    failed: 0,
    noAnswer: 0,
    http5xx: 0,
    byKind: {} as Record<string, number>,
    failures: [] as string[],
  };
  const latencies: number[] = [];
  let rolling = false;
  const rollingLatencies: number[] = [];
  let loading = true;

  const rnd = (n: number) => Math.floor(Math.random() * n);
  async function send(kind: string, method: string, path: string, token: string, body?: unknown) {
    stats.requests++;
    try {
      const res = await client.call(method, path, {
        token,
        body,
        ...(body !== undefined ? { key: `roll-${randomUUID()}` } : {}),
        timeoutMs: 30_000,
      });
      latencies.push(res.ms);
      if (rolling) rollingLatencies.push(res.ms);
      const label = `${kind} ${res.status}`;
      stats.byKind[label] = (stats.byKind[label] ?? 0) + 1;
      if (res.status >= 500) {
        stats.failed++;
        stats.http5xx++;
        stats.failures.push(`${label} ${res.text.slice(0, 120)}`);
      }
    } catch (error) {
      stats.failed++;
      stats.noAnswer++;
      stats.failures.push(`${kind} no answer: ${error instanceof Error ? error.message : error}`);
    }
  }

  async function worker() {
    while (loading) {
      const m = members[rnd(members.length)]!;
      const r = Math.random();
      if (r < 0.35) await send('wallet', 'GET', '/api/wallet', m.token);
      else if (r < 0.5) await send('profile', 'GET', '/api/account/profile', m.token);
      else {
        const into = Math.random() < 0.5;
        const baht = satangToBaht(100 + rnd(2000));
        await send(
          into ? 'transfer-in' : 'transfer-out',
          'POST',
          '/api/wallet/transfer',
          m.token,
          into
            ? { from: 'WALLET', to: GAME, amount: baht }
            : { from: GAME, to: 'WALLET', amount: baht },
        );
      }
    }
  }

  const rolls: { ms: number; before: number[]; after: number[] }[] = [];
  async function roller() {
    await sleep(GAP_MS);
    for (let n = 1; n <= ROLLS; n++) {
      const pidsBefore = workerPids(server.process.pid!);
      const done = waitForLine(server, new RegExp(`rolling restart ${n} done`), ROLL_LIMIT_MS);
      const t0 = performance.now();
      rolling = true;
      process.kill(server.process.pid!, 'SIGHUP'); // the primary only, not its group
      await done;
      rolling = false;
      const ms = Math.round(performance.now() - t0);
      const after = workerPids(server.process.pid!);
      rolls.push({ ms, before: pidsBefore, after });
      console.log(
        `  roll ${n}/${ROLLS}: ${ms} ms, workers ${pidsBefore.join(',')} -> ${after.join(',')}, failed so far ${stats.failed}`,
      );
      await sleep(GAP_MS);
    }
    loading = false;
  }

  const started = Date.now();
  await Promise.all([roller(), ...Array.from({ length: CLIENTS }, () => worker())]);
  const loadSeconds = (Date.now() - started) / 1000;

  await stopChild(server, 20_000);
  const db = createDatabase({ database: scratch.database });
  const check = await ledgerCheck(db);
  await db.destroy();

  const replacedEveryWorker = rolls.every(
    (r) => r.after.length === WORKERS && r.after.every((pid) => !r.before.includes(pid)),
  );
  const figures = {
    test: 'rolling restart under load',
    database: scratch.label,
    workers: WORKERS,
    clients: CLIENTS,
    rolls: rolls.map((r) => r.ms),
    replacedEveryWorker,
    loadSeconds,
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / loadSeconds),
    failed: stats.failed,
    noAnswer: stats.noAnswer,
    http5xx: stats.http5xx,
    latencyMs: {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: Math.round(Math.max(0, ...latencies)),
    },
    latencyDuringRollsMs: {
      p50: percentile(rollingLatencies, 0.5),
      p99: percentile(rollingLatencies, 0.99),
      max: Math.round(Math.max(0, ...rollingLatencies)),
    },
    ledgerViolations: check.violations.length,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    byKind: stats.byKind,
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const failure of stats.failures.slice(0, 20)) console.log(`  failed: ${failure}`);
  for (const v of check.violations.slice(0, 20)) console.log(`  violation: ${v}`);
  const pass =
    stats.failed === 0 &&
    rolls.length === ROLLS &&
    replacedEveryWorker &&
    check.violations.length === 0;
  console.log(
    `rolling restart ${scratch.label}: ${pass ? 'PASS' : 'FAIL'} rolls=${rolls.length}/${ROLLS} ` +
      `(${rolls.map((r) => `${r.ms} ms`).join(', ')}) requests=${stats.requests} failed=${stats.failed} ` +
      `(no answer ${stats.noAnswer}, 5xx ${stats.http5xx}) p99=${figures.latencyMs.p99}ms ` +
      `during rolls p99=${figures.latencyDuringRollsMs.p99}ms ledgerViolations=${check.violations.length} ` +
      `load=${figures.loadAverage.join('/')}`,
  );
  exitCode = pass ? 0 : 1;
} catch (error) {
  console.error('rolling restart failed to run:', error);
  console.error(server.tail());
} finally {
  client.close();
  await stopChild(server, 20_000).catch(() => undefined);
  await stopChild(sandbox.child).catch(() => undefined);
  await scratch.drop().catch((error: unknown) => console.error('drop failed', error));
}
process.exit(exitCode);
