// reliability.md T4, kill -9 under load. Starts the sandbox and the server as child processes
// on free 127.0.0.1 ports (SQLite in a temp folder, or a fresh database on the PostgreSQL
// server of DATABASE_URL), creates funded members with a PG game account, then CLIENTS
// concurrent clients mix operator adjustments (credit and debit), withdrawals, transfers
// wallet -> game and game -> wallet, overdraws and resent idempotency keys while the server
// is killed with SIGKILL every 5-10 s and restarted on the same port (the restart time is how
// long until it answers again). With --kill-postgres N, N of the kills hit the PostgreSQL
// postmaster instead, which is restarted with pg_ctl (as the postgres user when we are root).
// After the reconcilers settle: every acknowledged (2xx) key is in the database exactly once
// (ledger transaction / game transfer / withdrawal by idempotency key, and its statement row
// by reference), no refused key moved money, the ledger check is clean, every member's
// wallet equals the model built from the acknowledged operations (plus the unanswered ones
// the database shows as done), and every game balance at the sandbox equals our posted net.
//   npx tsx apps/server/scripts/t4-kill9.ts [--kills 20] [--clients 24] [--members 48]
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/t4-kill9.ts [--kill-postgres 4]
// With --workers N (PostgreSQL) the server runs WORKERS=N (decision 0102) and each kill hits
// one of the N serving workers at random instead of the whole server, once the previous
// kill's replacement serves: the others serve meanwhile; the primary forks them (`npm run
// t4:cluster`: scripts/cluster-chaos.ts). At the end all N workers must be back.
// Exits 1 when a check fails or a restart took more than 10 s (with workers: a replacement not
// serving within 60 s, or fewer than N at the end).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { satangToBaht } from '@wallet/contract';
import { sql } from 'kysely';
import { createDatabase } from '../src/db/database';
import { accounts, balanceOf, ledgerCheck } from '../src/modules/ledger';
import { flags, intFlag } from './script-args';
import { waitForLine, workerPids } from './lib/cluster';
import { createClient, percentile } from './lib/http-client';
import type { Answer } from './lib/http-client';
import { createMembers, operatorSession } from './lib/members';
import {
  freePort,
  killGroup,
  SERVER_MAIN,
  SERVER_READY,
  sleep,
  startSandbox,
  startTs,
  stopChild,
  waitFor,
} from './lib/processes';
import type { Child } from './lib/processes';
import { scratchDatabase } from './lib/scratch-db';

const f = flags();
const KILLS = intFlag(f, 'kills', 20);
const CLIENTS = intFlag(f, 'clients', 24);
const MEMBERS = intFlag(f, 'members', 48);
const MIN_GAP_MS = intFlag(f, 'min-gap-ms', 5000);
const MAX_GAP_MS = intFlag(f, 'max-gap-ms', 10_000);
const PG_KILLS = f.get('kill-postgres') === 'true' ? 4 : intFlag(f, 'kill-postgres', 0);
const RESTART_LIMIT_MS = 10_000;
const FUND_BAHT = 50_000;
const GAME = 'PG';
const KEY = 't4-sandbox-key';
const OPERATOR_PASSWORD = 't4-operator-pass';
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const WORKERS = Math.max(1, intFlag(f, 'workers', 1));
const WORKER_RESTART_LIMIT_MS = 60_000;

const pgAdminUrl =
  f.get('db') === 'sqlite'
    ? undefined
    : process.env.DATABASE_URL || (f.has('postgres') ? process.env.TEST_DATABASE_URL : undefined);
if ((PG_KILLS > 0 || f.has('postgres') || WORKERS > 1) && !pgAdminUrl)
  throw new Error('PostgreSQL needs DATABASE_URL (or TEST_DATABASE_URL with --postgres)');

type Kind = 'credit' | 'debit' | 'withdraw' | 'in' | 'out';
interface Op {
  key: string;
  kind: Kind;
  member: number;
  /** Satang. */
  amount: number;
  path: string;
  token: string;
  body: unknown;
  /** Every answer this key got (status; 0 = no answer). */
  answers: number[];
  /** The 2xx answer, when one came. */
  acked?: Answer;
}

/** What an operation that took effect does to a member's wallet and game balance. */
function applyEffect(target: { cash: number; game: number }, kind: Kind, amount: number) {
  const cash = kind === 'credit' || kind === 'out' ? amount : -amount;
  const game = kind === 'in' ? amount : kind === 'out' ? -amount : 0;
  target.cash += cash;
  target.game += game;
}

const rnd = (n: number) => Math.floor(Math.random() * n);
const between = (min: number, max: number) => min + rnd(max - min + 1);

// ---------------------------------------------------------------------------- PostgreSQL
/** The cluster of with-postgres.sh: its socket folder (PGHOST) sits next to data/. */
function pgDataDir(): string {
  const explicit = process.env.PGDATA;
  if (explicit) return explicit;
  if (!process.env.PGHOST?.startsWith('/'))
    throw new Error('--kill-postgres needs PGDATA or PGHOST (a socket folder)');
  return join(dirname(process.env.PGHOST), 'data');
}
function asPostgres(file: string, args: string[]) {
  const root = process.getuid?.() === 0;
  return execFileSync(
    root ? 'runuser' : file,
    root ? ['-u', 'postgres', '--', file, ...args] : args,
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    },
  );
}
function postmasterPid(data: string): number {
  return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
/** Restarts the cluster with the options it was started with (postmaster.opts). */
function startPostgres(data: string, opts: string[]) {
  asPostgres(join(PG_BIN, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dirname(data), 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    opts.join(' '),
    'start',
  ]);
}
function postmasterOptions(data: string): string[] {
  // e.g. /usr/lib/postgresql/15/bin/postgres "-D" "/tmp/x/data" "-p" "5432" "-k" "/tmp/x/socket" ...
  const words = [...readFileSync(join(data, 'postmaster.opts'), 'utf8').matchAll(/"([^"]*)"/g)].map(
    (m) => m[1]!,
  );
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '-D') i++;
    else out.push(/\s/.test(words[i]!) ? `'${words[i]}'` : words[i]!);
  }
  return out;
}

// ---------------------------------------------------------------------------- the run
const scratch = await scratchDatabase('t4', pgAdminUrl, { durableCommits: true });
const sandbox = await startSandbox(KEY);
const appPort = await freePort();
const appUrl = `http://127.0.0.1:${appPort}`;
const serverEnv = {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  SANDBOX_URL: sandbox.url,
  SANDBOX_API_KEY: KEY,
  LOG_LEVEL: 'error',
  OPERATOR_PASSWORD,
  SEED_DEMO: 'false',
  RATE_LIMIT_LOGIN_PER_MIN: '100000',
  RATE_LIMIT_OTP_PER_MIN: '100000',
  RATE_LIMIT_REGISTER_PER_MIN: '100000',
  // Every withdrawal is paid at once: no operator decisions in the model.
  WITHDRAW_AUTO_LIMIT_BAHT: '1000000',
  // Funded by one operator's adjustments: no review after recent credits (0116).
  ADJUSTMENT_REVIEW_HOURS: '0',
  PAYOUT_RECONCILE_INTERVAL_MS: '1000',
  RECONCILE_INTERVAL_MS: '1000',
  ...scratch.env,
  WORKERS: String(WORKERS),
};
/** Workers the primary reported listening and not seen dying (WORKERS > 1). */
const listening = new Set<number>();
function startServer(): Child {
  const child = startTs('server', SERVER_MAIN, serverEnv);
  listening.clear();
  child.process.stdout?.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString('utf8').matchAll(/worker (\d+) (listening|died)/g))
      if (m[2] === 'listening') listening.add(Number(m[1]));
      else listening.delete(Number(m[1]));
  });
  child.process.stderr?.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString('utf8').matchAll(/worker (\d+) died/g))
      listening.delete(Number(m[1]));
  });
  return child;
}
let server: Child = startServer();
const client = createClient(appUrl, CLIENTS + 4);
let exitCode = 1;
const restarts: {
  target: 'server' | 'postgres' | 'worker';
  ms: number;
  serverRestarted: boolean;
}[] = [];
try {
  await waitFor(`${appUrl}${SERVER_READY.path}`, { headers: SERVER_READY.headers, child: server });
  if (WORKERS > 1) await waitForLine(server, /Member wallet server: /, 120_000);
  const operator = await operatorSession(client, OPERATOR_PASSWORD);
  const setupStarted = Date.now();
  const members = await createMembers(client, operator, MEMBERS, {
    fundBaht: FUND_BAHT,
    games: [GAME],
  });
  console.log(
    `T4 kill -9: ${scratch.label}, ${MEMBERS} members, ${CLIENTS} clients, ${KILLS} kills` +
      `${PG_KILLS ? ` (${PG_KILLS} of the postmaster)` : ''}; setup ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const operatorToken = { value: operator };

  // Rough per-member balances from acknowledged answers: only a guide for amounts/overdraws.
  const guide = members.map(() => ({ cash: FUND_BAHT * 100, game: 0 }));
  const ops: Op[] = [];
  const stats = {
    sent: 0,
    answered: 0,
    noAnswer: 0,
    http5xx: 0,
    byStatus: {} as Record<string, number>,
  };
  const latencies: number[] = [];
  let loading = true;

  async function send(op: Op) {
    stats.sent++;
    try {
      const res = await client.call('POST', op.path, {
        token: op.token,
        key: op.key,
        body: op.body,
        timeoutMs: 15_000,
      });
      stats.answered++;
      latencies.push(res.ms);
      op.answers.push(res.status);
      const label = `${op.kind} ${res.status}`;
      stats.byStatus[label] = (stats.byStatus[label] ?? 0) + 1;
      if (res.status >= 500) stats.http5xx++;
      if (res.status >= 200 && res.status < 300 && !op.acked) {
        op.acked = res;
        applyEffect(guide[op.member]!, op.kind, op.amount);
      }
      if (res.status === 401 && op.token === operatorToken.value) {
        // Sessions survive restarts (they are in the database); this would be a finding.
        throw new Error(`operator session lost: ${res.text}`);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('operator session')) throw error;
      stats.noAnswer++;
      op.answers.push(0);
      await sleep(50); // the server is down: do not spin
    }
  }

  async function worker() {
    while (loading) {
      const r = Math.random();
      if (r < 0.1 && ops.length > 0) {
        await send(ops[rnd(ops.length)]!); // resend: same key, same body
        continue;
      }
      const member = rnd(members.length);
      const m = members[member]!;
      const g = guide[member]!;
      const overdraw = Math.random() < 0.05;
      const pick = Math.random();
      const [kind, amount]: [Kind, number] =
        pick < 0.2
          ? ['credit', between(100, 200_000)]
          : pick < 0.27
            ? ['debit', overdraw ? Math.max(g.cash, 0) + 100_000 : between(100, 50_000)]
            : pick < 0.42
              ? ['withdraw', overdraw ? Math.max(g.cash, 0) + 100_000 : between(10_000, 50_000)]
              : pick < 0.72
                ? ['in', overdraw ? Math.max(g.cash, 0) + 100_000 : between(100, 300_000)]
                : [
                    'out',
                    overdraw
                      ? Math.max(g.game, 0) + 100_000
                      : between(100, Math.max(100, Math.min(g.game, 300_000))),
                  ];
      const baht = satangToBaht(amount);
      const key = `t4-${randomUUID()}`;
      const op: Op =
        kind === 'credit' || kind === 'debit'
          ? {
              key,
              kind,
              member,
              amount,
              path: '/api/operator/adjustments',
              token: operatorToken.value,
              body: { memberId: m.memberNo, amount: baht, direction: kind, reason: 't4' },
              answers: [],
            }
          : kind === 'withdraw'
            ? {
                key,
                kind,
                member,
                amount,
                path: '/api/wallet/withdraw',
                token: m.token,
                body: { amount: baht },
                answers: [],
              }
            : {
                key,
                kind,
                member,
                amount,
                path: '/api/wallet/transfer',
                token: m.token,
                body:
                  kind === 'in'
                    ? { from: 'WALLET', to: GAME, amount: baht }
                    : { from: GAME, to: 'WALLET', amount: baht },
                answers: [],
              };
      ops.push(op);
      await send(op);
      // A client whose request got no answer (server down) retries the same key, bounded.
      for (let retry = 0; retry < 200 && op.answers.at(-1) === 0 && loading; retry++) {
        await sleep(100);
        await send(op);
      }
    }
  }

  // The killer: KILLS rounds, each after 5-10 s of load; PG_KILLS of them spread evenly.
  const pgKillRounds = new Set(
    Array.from({ length: PG_KILLS }, (_, i) => Math.floor(((i + 0.5) * KILLS) / PG_KILLS)),
  );
  const data = PG_KILLS > 0 ? pgDataDir() : '';
  const pgOpts = PG_KILLS > 0 ? postmasterOptions(data) : [];
  const ready = () =>
    waitFor(`${appUrl}${SERVER_READY.path}`, {
      headers: SERVER_READY.headers,
      child: server,
      ms: 60_000,
      pollMs: 25,
    });
  async function killer() {
    for (let round = 0; round < KILLS; round++) {
      await sleep(between(MIN_GAP_MS, MAX_GAP_MS));
      if (pgKillRounds.has(round)) {
        const pid = postmasterPid(data);
        const t0 = performance.now();
        process.kill(pid, 'SIGKILL');
        // The orphaned backends notice the postmaster is gone and exit; start may need a retry.
        for (let attempt = 1; ; attempt++) {
          try {
            startPostgres(data, pgOpts);
            break;
          } catch (error) {
            if (attempt >= 20) throw error;
            await sleep(250);
          }
        }
        // Does the server survive losing every connection? If it died, start it again.
        let serverRestarted = false;
        const answered = await ready().then(
          () => true,
          () => false,
        );
        if (!answered) {
          serverRestarted = true;
          if (!restarts.some((r) => r.serverRestarted && r.target === 'postgres'))
            console.log(`  the server did not survive the postmaster kill:\n${server.tail()}`);
          killGroup(server, 'SIGKILL');
          await server.exited;
          server = startServer();
          await ready();
        }
        restarts.push({ target: 'postgres', ms: performance.now() - t0, serverRestarted });
      } else if (WORKERS > 1) {
        // Once all N serve again, one of them at random: it dies with requests in flight while
        // the others keep serving; the primary forks its replacement. The time is the wait
        // for the previous kill's replacement.
        const t0 = performance.now();
        const deadline = Date.now() + WORKER_RESTART_LIMIT_MS;
        while (listening.size < WORKERS && Date.now() < deadline) await sleep(25);
        const waited = performance.now() - t0;
        const pids = [...listening];
        const pid = pids[rnd(pids.length)];
        if (pid === undefined) throw new Error(`no worker listening:\n${server.tail()}`);
        listening.delete(pid);
        process.kill(pid, 'SIGKILL');
        restarts.push({ target: 'worker', ms: waited, serverRestarted: false });
      } else {
        const t0 = performance.now();
        killGroup(server, 'SIGKILL');
        await server.exited;
        server = startServer();
        await ready();
        restarts.push({ target: 'server', ms: performance.now() - t0, serverRestarted: true });
      }
      const last = restarts[restarts.length - 1]!;
      process.stdout.write(
        last.target === 'worker'
          ? `  kill ${round + 1}/${KILLS} worker (waited ${Math.round(last.ms)} ms for all ${WORKERS} to serve)\n`
          : `  kill ${round + 1}/${KILLS} ${last.target}: answering again after ${Math.round(last.ms)} ms\n`,
      );
    }
    await sleep(between(MIN_GAP_MS, MAX_GAP_MS));
    loading = false;
  }

  const loadStarted = Date.now();
  await Promise.all([killer(), ...Array.from({ length: CLIENTS }, () => worker())]);
  const loadSeconds = (Date.now() - loadStarted) / 1000;

  // Settle: the reconcilers of the running server resolve pending transfers and payouts.
  const db = createDatabase({ database: scratch.database });
  const unsettled = async () => {
    const w = await sql<{
      n: number;
    }>`select count(*) as n from withdrawals where status in ('WAITING', 'PROCESSING')`.execute(db);
    const g = await sql<{
      n: number;
    }>`select count(*) as n from game_transfers where status = 'PENDING'`.execute(db);
    return { withdrawals: Number(w.rows[0]?.n ?? 0), transfers: Number(g.rows[0]?.n ?? 0) };
  };
  let left = await unsettled();
  const settleStarted = Date.now();
  while (left.withdrawals + left.transfers > 0 && Date.now() - settleStarted < 120_000) {
    await sleep(1000);
    left = await unsettled();
  }
  const settleSeconds = (Date.now() - settleStarted) / 1000;
  // The primary replaced every killed worker: N listening again (bounded).
  const workersBack = Date.now() + 2 * WORKER_RESTART_LIMIT_MS;
  while (WORKERS > 1 && listening.size < WORKERS && Date.now() < workersBack) await sleep(100);
  const workersAtEnd = WORKERS > 1 ? workerPids(server.process.pid!).length : 1;
  await stopChild(server);

  // ---------------------------------------------------------------------- checks
  const keyOf = (s: string | null) => /(t4-[0-9a-f-]{36})/.exec(s ?? '')?.[1];
  const adjustments = new Map<string, { id: number }[]>();
  for (const row of await db
    .selectFrom('ledger_transactions')
    .select(['id', 'idempotency_key'])
    .where('idempotency_key', 'like', '%t4-%')
    .where('event', 'in', ['adjustment_credit', 'adjustment_debit'])
    .execute()) {
    const k = keyOf(row.idempotency_key);
    if (k) adjustments.set(k, [...(adjustments.get(k) ?? []), { id: row.id }]);
  }
  const transfers = new Map<string, { ref: string; status: string }[]>();
  for (const row of await db
    .selectFrom('game_transfers')
    .select(['ref', 'status', 'request_key'])
    .where('request_key', 'like', '%t4-%')
    .execute()) {
    const k = keyOf(row.request_key);
    if (k) transfers.set(k, [...(transfers.get(k) ?? []), row]);
  }
  const withdrawals = new Map<string, { ref: string; status: string }[]>();
  for (const row of await db
    .selectFrom('withdrawals')
    .select(['ref', 'status', 'idempotency_key'])
    .where('idempotency_key', 'like', '%t4-%')
    .execute()) {
    const k = keyOf(row.idempotency_key);
    if (k) withdrawals.set(k, [...(withdrawals.get(k) ?? []), row]);
  }
  const statementCount = new Map<string, number>();
  for (const row of await db.selectFrom('statement_items').select('reference').execute())
    statementCount.set(row.reference, (statementCount.get(row.reference) ?? 0) + 1);

  const problems: string[] = [];
  const counts = { acked: 0, refused: 0, unanswered: 0, unansweredDone: 0, pendingAnswers: 0 };
  const model = members.map(() => ({ cash: FUND_BAHT * 100, game: 0, ambiguous: 0 }));
  for (const op of ops) {
    const rows =
      op.kind === 'credit' || op.kind === 'debit'
        ? (adjustments.get(op.key) ?? []).map((r) => ({ ref: `ADJ${r.id}`, status: 'POSTED' }))
        : op.kind === 'withdraw'
          ? (withdrawals.get(op.key) ?? [])
          : (transfers.get(op.key) ?? []);
    const moved = rows.filter((r) =>
      ['POSTED', 'PAID', 'WAITING', 'PROCESSING'].includes(r.status),
    );
    const refused =
      !op.acked && op.answers.some((s) => s >= 400 && s < 500 && s !== 409 && s !== 429);
    if (op.acked) {
      counts.acked++;
      if (op.acked.body.status === 'PENDING') counts.pendingAnswers++;
      if (rows.length !== 1)
        problems.push(`acknowledged ${op.kind} ${op.key}: ${rows.length} rows`);
      const ref = rows[0]?.ref;
      if (ref && statementCount.get(ref) !== 1)
        problems.push(
          `acknowledged ${op.kind} ${op.key}: ${statementCount.get(ref) ?? 0} statement rows for ${ref}`,
        );
      const answeredRef = op.acked.body.reference;
      if (typeof answeredRef === 'string' && answeredRef !== ref)
        problems.push(`acknowledged ${op.kind} ${op.key}: answered ${answeredRef}, stored ${ref}`);
      if (op.acked.body.status === 'SUCCESS' && op.kind !== 'withdraw' && moved.length !== 1)
        problems.push(
          `acknowledged SUCCESS ${op.kind} ${op.key} did not move money (${rows[0]?.status})`,
        );
    } else if (refused) {
      counts.refused++;
      if (moved.length > 0) problems.push(`refused ${op.kind} ${op.key} moved money`);
    } else {
      counts.unanswered++;
      if (rows.length > 1) problems.push(`unanswered ${op.kind} ${op.key}: ${rows.length} rows`);
      if (rows.length > 0) counts.unansweredDone++;
      model[op.member]!.ambiguous++;
    }
    if (moved.length > 0) {
      applyEffect(model[op.member]!, op.kind, op.amount);
    }
  }

  // Wallets against the model; game balances at the sandbox against it too.
  const idOf = new Map(
    (await db.selectFrom('members').select(['id', 'member_no']).execute()).map((r) => [
      r.member_no,
      r.id,
    ]),
  );
  const usernames = new Map(
    (
      await db
        .selectFrom('game_accounts')
        .select(['member_id', 'username'])
        .where('provider_code', '=', GAME)
        .execute()
    ).map((r) => [r.member_id, r.username]),
  );
  let walletMismatches = 0;
  let gameMismatches = 0;
  let exactMembers = 0;
  for (const [i, m] of members.entries()) {
    const id = idOf.get(m.memberNo)!;
    const cash = await balanceOf(db, accounts.memberCash(id).code);
    if (cash !== model[i]!.cash) {
      walletMismatches++;
      problems.push(`member ${m.memberNo}: wallet ${cash}, model ${model[i]!.cash}`);
    }
    if (model[i]!.ambiguous === 0) exactMembers++;
    const res = await fetch(`${sandbox.url}/provider/${GAME}/accounts/${usernames.get(id)}`, {
      headers: { 'x-sandbox-key': KEY },
    });
    const game = ((await res.json()) as { balance: number }).balance;
    if (game !== model[i]!.game) {
      gameMismatches++;
      problems.push(`member ${m.memberNo}: game ${game}, model ${model[i]!.game}`);
    }
  }
  const check = await ledgerCheck(db);
  await db.destroy();

  const times = restarts.map((r) => r.ms);
  const slow = restarts.filter(
    (r) => r.ms > (r.target === 'worker' ? WORKER_RESTART_LIMIT_MS : RESTART_LIMIT_MS),
  ).length;
  const figures = {
    test: 'T4 kill -9 under load',
    database: scratch.label,
    kills: {
      server: restarts.filter((r) => r.target === 'server').length,
      postgres: restarts.filter((r) => r.target === 'postgres').length,
      worker: restarts.filter((r) => r.target === 'worker').length,
    },
    workers: WORKERS,
    workersAtEnd,
    serverDiedWithPostgres: restarts.filter((r) => r.target === 'postgres' && r.serverRestarted)
      .length,
    restartMs: {
      p50: percentile(times, 0.5),
      max: Math.round(Math.max(0, ...times)),
      over10s: slow,
    },
    loadSeconds,
    requests: stats.sent,
    answered: stats.answered,
    noAnswer: stats.noAnswer,
    http5xx: stats.http5xx,
    latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) },
    keys: { total: ops.length, ...counts },
    settleSeconds,
    unsettledAtEnd: left,
    membersExactModel: exactMembers,
    walletMismatches,
    gameMismatches,
    problems: problems.length,
    ledgerViolations: check.violations.length,
    ledger: { transactions: check.transactions, entries: check.entries },
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    byStatus: stats.byStatus,
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const p of problems.slice(0, 20)) console.log(`  problem: ${p}`);
  for (const v of check.violations.slice(0, 20)) console.log(`  violation: ${v}`);
  const pass =
    problems.length === 0 &&
    check.violations.length === 0 &&
    slow === 0 &&
    left.withdrawals + left.transfers === 0 &&
    restarts.length === KILLS &&
    workersAtEnd === WORKERS;
  console.log(
    `T4 ${scratch.label}: ${pass ? 'PASS' : 'FAIL'} kills=${figures.kills.server}+${figures.kills.postgres}pg` +
      `${WORKERS > 1 ? `+${figures.kills.worker} workers (WORKERS=${WORKERS}, ${workersAtEnd} at the end)` : ''} ` +
      `restart p50=${figures.restartMs.p50}ms max=${figures.restartMs.max}ms acked=${counts.acked} ` +
      `unanswered=${counts.unanswered} (done ${counts.unansweredDone}) refused=${counts.refused} ` +
      `problems=${problems.length} ledgerViolations=${check.violations.length} ` +
      `wallets=${members.length - walletMismatches}/${members.length} games=${members.length - gameMismatches}/${members.length} ` +
      `load=${figures.loadAverage.join('/')}`,
  );
  exitCode = pass ? 0 : 1;
} catch (error) {
  console.error('T4 failed to run:', error);
  console.error(server.tail());
} finally {
  client.close();
  await stopChild(server).catch(() => undefined);
  await stopChild(sandbox.child).catch(() => undefined);
  await scratch.drop().catch((error: unknown) => console.error('drop failed', error));
}
process.exit(exitCode);
