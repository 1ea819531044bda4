// reliability.md T1, the conservation soak. Starts the sandbox and the server as child
// processes on free 127.0.0.1 ports (SQLite in a temp folder, or a fresh database on the
// PostgreSQL server of DATABASE_URL), registers 500 members, then 32 concurrent clients
// mix deposits (operator adjustments), withdrawals (some above the auto-payout limit, which
// an operator client approves or rejects), transfers wallet -> game and back, and
// transferAll; 15% of money requests overdraw, 10% resend an earlier idempotency key with
// the same body. The sandbox bank fails 5% of payouts (HTTP 500, not paid), so the payout
// reconciler is exercised too. Afterwards: the ledger check, resent keys that posted more
// than once, and our ledger against the sandbox bank and game provider.
//   npx tsx apps/server/scripts/t1-soak.ts [--seconds 120] [--members 500] [--clients 32] [--postgres]
// --workers N (PostgreSQL): the server runs WORKERS=N processes on its port (decision 0102).
// Exits 1 when a pass figure fails (any 5xx, ledger violation, or double posting).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MAX_AMOUNT_BAHT } from '@wallet/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../src/db/database';
import type { Db } from '../src/db/database';
import { accounts, balanceOf, ledgerCheck } from '../src/modules/ledger';
import { freePort } from './lib/processes';
import { pool } from './lib/members';
import { flags, intFlag } from './script-args';
import { signInOperatorWith } from '../test/operator-sign-in';

const f = flags();
const SECONDS = intFlag(f, 'seconds', 120);
const MEMBERS = intFlag(f, 'members', 500);
const CLIENTS = intFlag(f, 'clients', 32);
const WORKERS = Math.max(1, intFlag(f, 'workers', 1));
const GAME = 'PG';
const KEY = 'soak-sandbox-key';
const OPERATOR_PASSWORD = 'soak-operator-pass';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// ---------------------------------------------------------------------------- processes
const children: ChildProcess[] = [];
function killAll(signal: NodeJS.Signals) {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, signal); // the child leads its own group (tsx + node)
      } catch {
        /* gone */
      }
    }
  }
}
process.once('exit', () => killAll('SIGKILL'));

function start(name: string, file: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n'));
    while (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${code ?? signal}):\n${tail.join('\n')}`);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, headers: Record<string, string> = {}, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

// ---------------------------------------------------------------------------- database
let stopping = false;
const pgAdminUrl =
  f.has('postgres') || process.env.DATABASE_URL ? process.env.DATABASE_URL : undefined;
if (f.has('postgres') && !pgAdminUrl) throw new Error('--postgres needs DATABASE_URL');
if (WORKERS > 1 && !pgAdminUrl) throw new Error('--workers needs PostgreSQL (DATABASE_URL)');
const tempDir = mkdtempSync(join(tmpdir(), 'wallet-soak-'));
let databaseUrl: string | undefined;
let pgDbName: string | undefined;
if (pgAdminUrl) {
  pgDbName = `wallet_soak_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${pgDbName}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${pgDbName}`;
  databaseUrl = url.toString();
}
const sqlitePath = join(tempDir, 'wallet.db');

// ---------------------------------------------------------------------------- HTTP client
const stats = {
  requests: 0,
  byStatus: {} as Record<string, number>,
  serverErrors: [] as string[],
  networkErrors: 0,
  latencies: [] as number[],
  resent: 0,
  resentDifferent: 0,
  overdraws: 0,
  overdrawAccepted: 0,
};

let appUrl = '';
interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}
async function call(
  method: string,
  path: string,
  options: { token?: string; key?: string; body?: unknown } = {},
): Promise<Answer> {
  const started = performance.now();
  stats.requests++;
  try {
    const res = await fetch(`${appUrl}${path}`, {
      method,
      headers: {
        'x-wallet-user': 'member',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    stats.latencies.push(performance.now() - started);
    const label = `${method} ${path.replace(/\/WD[0-9A-F]+$/, '/:id')} ${res.status}`;
    stats.byStatus[label] = (stats.byStatus[label] ?? 0) + 1;
    if (res.status >= 500) stats.serverErrors.push(`${label} ${text.slice(0, 200)}`);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, text };
  } catch (error) {
    stats.networkErrors++;
    throw error;
  }
}

// ---------------------------------------------------------------------------- the run
interface SoakMember {
  phone: string;
  token: string;
  memberNo: string;
  accountNo: string;
  /** Rough balances from our own answers (clients race, so only a guide for overdraws). */
  cash: number;
  game: number;
}
interface Sent {
  method: string;
  path: string;
  token: string;
  key: string;
  body: unknown;
  answer: string;
  status: number;
}

const rnd = (n: number) => Math.floor(Math.random() * n);
const baht = (min: number, max: number) => (min * 100 + rnd((max - min) * 100 + 1)) / 100;

let exitCode = 1;
try {
  const sandboxPort = await freePort();
  const appPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  appUrl = `http://127.0.0.1:${appPort}`;
  start('sandbox', join(ROOT, 'apps/sandbox/src/main.ts'), {
    SANDBOX_PORT: String(sandboxPort),
    HOST: '127.0.0.1',
    SANDBOX_API_KEY: KEY,
    LOG_LEVEL: 'error',
    // A throwaway provider: nothing kept in ./data (decision 0126).
    SANDBOX_STATE_FILE: 'off',
  });
  await waitFor(`${sandboxUrl}/health`);
  start('server', join(ROOT, 'apps/server/src/main.ts'), {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    SANDBOX_URL: sandboxUrl,
    SANDBOX_API_KEY: KEY,
    LOG_LEVEL: 'error',
    OPERATOR_PASSWORD,
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN_PER_MIN: '100000',
    RATE_LIMIT_OTP_PER_MIN: '100000',
    RATE_LIMIT_REGISTER_PER_MIN: '100000',
    PAYOUT_TIMEOUT_MS: '5000',
    // Funded by one operator's adjustments: no review after recent credits (0116).
    ADJUSTMENT_REVIEW_HOURS: '0',
    PAYOUT_RECONCILE_INTERVAL_MS: '1000',
    WORKERS: String(WORKERS),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SQLITE_PATH: sqlitePath }),
  });
  await waitFor(`${appUrl}/api/lookup/active`, { 'x-wallet-user': 'member' });
  const bankFaults = await fetch(`${sandboxUrl}/bank/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-sandbox-key': KEY },
    body: JSON.stringify({ fail: 0.05, seed: 7 }),
  });
  if (!bankFaults.ok) throw new Error(`bank faults: HTTP ${bankFaults.status}`);

  const operator = await signInOperatorWith((path, body) => call('POST', path, { body }), {
    username: 'admin',
    password: OPERATOR_PASSWORD,
  });
  await call('PUT', '/api/operator/settings/registerOTP', {
    token: operator,
    body: { registerOTP: false },
  });
  // Funding and the soak's adjustments post at once: no four-eyes wait (decision 0089).
  const threshold = await call('PUT', '/api/operator/adjustments/threshold', {
    token: operator,
    body: { threshold: MAX_AMOUNT_BAHT },
  });
  if (threshold.status !== 200) throw new Error(`threshold: ${threshold.text}`);

  console.log(
    `T1 soak: ${MEMBERS} members, ${CLIENTS} clients, ${SECONDS} s, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}` +
      `${WORKERS > 1 ? `, WORKERS=${WORKERS}` : ''}`,
  );
  const setupStarted = Date.now();
  const prefix = String(10 + (process.pid % 89)).padStart(2, '0');
  const members: SoakMember[] = Array.from({ length: MEMBERS }, (_, i) => ({
    phone: `08${prefix}${String(i).padStart(6, '0')}`,
    token: '',
    memberNo: '',
    accountNo: `7${prefix}${String(i).padStart(7, '0')}`,
    cash: 0,
    game: 0,
  }));
  await pool(members, CLIENTS, async (m) => {
    const reg = await call('POST', '/api/account', {
      body: {
        name: 'Soak Member',
        username: m.phone,
        password: 'soak-password',
        bankCode: 'SCB',
        bankAccountName: 'SOAK MEMBER',
        bankAccountNo: m.accountNo,
      },
    });
    if (reg.status !== 200) throw new Error(`register ${m.phone}: ${reg.text}`);
    const login = await call('POST', '/api/login', {
      body: { username: m.phone, password: 'soak-password' },
    });
    m.token = String(login.body.token);
    const profile = await call('GET', '/api/account/profile', { token: m.token });
    m.memberNo = String((profile.body.profile as { _id: string })._id);
    const funded = await call('POST', '/api/operator/adjustments', {
      token: operator,
      key: `soak-${randomUUID()}`,
      body: { memberId: m.memberNo, amount: 20_000, direction: 'credit', reason: 'soak' },
    });
    m.cash = Number(funded.body.balance);
    const activated = await call('GET', `/api/wallet/activate/${GAME}`, { token: m.token });
    if (activated.status !== 200) throw new Error(`activate: ${activated.text}`);
  });
  console.log(`  setup ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
  stats.latencies = [];

  const sent: Sent[] = [];
  const resentKeys = new Set<string>();
  const ops: Record<string, number> = {};
  const deadline = Date.now() + SECONDS * 1000;

  async function money(
    m: SoakMember,
    kind: string,
    path: string,
    token: string,
    body: unknown,
    overdraw: boolean,
  ) {
    const key = `soak-${randomUUID()}`;
    const res = await call('POST', path, { token, key, body });
    sent.push({ method: 'POST', path, token, key, body, answer: res.text, status: res.status });
    if (sent.length > 20_000) sent.splice(0, 10_000);
    ops[kind] = (ops[kind] ?? 0) + 1;
    if (overdraw) {
      stats.overdraws++;
      if (res.status === 200) stats.overdrawAccepted++;
    }
    return res;
  }

  async function resend() {
    const first = sent[rnd(sent.length)];
    if (!first) return;
    stats.resent++;
    resentKeys.add(first.key);
    const res = await call(first.method, first.path, {
      token: first.token,
      key: first.key,
      body: first.body,
    });
    // A first answer still being produced can only be waited for (409 REQUEST_LIMIT).
    if (res.text !== first.answer && first.status < 500) stats.resentDifferent++;
  }

  async function operatorPass() {
    const list = await call('GET', '/api/operator/withdrawals', { token: operator });
    const waiting = Array.isArray(list.body) ? (list.body as unknown as { _id: string }[]) : [];
    for (const w of waiting.slice(0, 5)) {
      await call('POST', `/api/operator/withdrawals/${w._id}`, {
        token: operator,
        body:
          Math.random() < 0.8
            ? { decision: 'approve' }
            : { decision: 'reject', reason: 'soak: rejected at random' },
      });
    }
  }

  let operatorBusy = false;
  async function client() {
    while (Date.now() < deadline) {
      const m = members[rnd(members.length)]!;
      const r = Math.random();
      try {
        if (r < 0.1) {
          await resend();
          continue;
        }
        if (r < 0.12 && !operatorBusy) {
          operatorBusy = true;
          await operatorPass().finally(() => (operatorBusy = false));
          continue;
        }
        const overdraw = Math.random() < 0.15;
        const pick = Math.random();
        if (pick < 0.25) {
          // An overdraw here is a debit past the wallet.
          const debit = overdraw || Math.random() < 0.2;
          const amount = overdraw ? Math.max(m.cash, 0) + 1000 : baht(100, 3000);
          const res = await money(
            m,
            debit ? 'adjust-debit' : 'adjust-credit',
            '/api/operator/adjustments',
            operator,
            {
              memberId: m.memberNo,
              amount,
              direction: debit ? 'debit' : 'credit',
              reason: 'soak',
            },
            overdraw,
          );
          if (res.status === 200) m.cash = Number(res.body.balance);
        } else if (pick < 0.5) {
          const amount = overdraw
            ? Math.min(Math.max(m.cash, 0) + 1000, 50_000)
            : baht(100, Math.max(100, Math.min(m.cash, 8000)));
          const path = Math.random() < 0.5 ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw';
          const res = await money(m, 'withdraw', path, m.token, { amount }, overdraw);
          if (res.status === 200) m.cash -= amount;
        } else if (pick < 0.75) {
          const amount = overdraw
            ? Math.max(m.cash, 0) + 1000
            : baht(1, Math.max(1, Math.min(m.cash, 3000)));
          const res = await money(
            m,
            'transfer-in',
            '/api/wallet/transfer',
            m.token,
            { from: 'WALLET', to: GAME, amount },
            overdraw,
          );
          if (res.status === 200) {
            m.cash -= amount;
            m.game += amount;
          }
        } else if (pick < 0.95) {
          const amount = overdraw
            ? Math.max(m.game, 0) + 1000
            : baht(1, Math.max(1, Math.min(m.game, 3000)));
          const res = await money(
            m,
            'transfer-out',
            '/api/wallet/transfer',
            m.token,
            { from: GAME, to: 'WALLET', amount },
            overdraw,
          );
          if (res.status === 200) {
            m.cash += amount;
            m.game -= amount;
          }
        } else {
          const res = await money(
            m,
            'transferAll',
            '/api/wallet/transferAll',
            m.token,
            { to: GAME },
            false,
          );
          if (res.status === 200) {
            m.game += m.cash;
            m.cash = 0;
          }
        }
      } catch {
        /* counted as a network error */
      }
    }
  }

  const loadStarted = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, () => client()));
  const loadSeconds = (Date.now() - loadStarted) / 1000;

  // Settle what is left: decide every waiting withdrawal, let the reconcilers finish.
  for (let i = 0; i < 200; i++) {
    const list = await call('GET', '/api/operator/withdrawals', { token: operator });
    const waiting = list.body as unknown as { _id: string }[];
    if (!Array.isArray(waiting) || waiting.length === 0) break;
    for (const w of waiting) {
      await call('POST', `/api/operator/withdrawals/${w._id}`, {
        token: operator,
        body: { decision: 'approve' },
      });
    }
  }

  const db: Db = createDatabase(
    databaseUrl
      ? { database: { kind: 'postgres', url: databaseUrl } }
      : { database: { kind: 'sqlite', path: sqlitePath } },
  );
  const unsettled = async () => {
    const w = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['WAITING', 'PROCESSING'])
      .executeTakeFirstOrThrow();
    const g = await sql<{
      n: number;
    }>`select count(*) as n from game_transfers where status = 'PENDING'`.execute(db);
    return { withdrawals: Number(w.n), transfers: Number(g.rows[0]?.n ?? 0) };
  };
  let left = await unsettled();
  for (let i = 0; i < 60 && left.withdrawals + left.transfers > 0; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    left = await unsettled();
  }

  // Resent keys that posted more than once (withdrawals, transfers, adjustments).
  let doublePosted = 0;
  for (const key of resentKeys) {
    const w = await db
      .selectFrom('withdrawals')
      .select('id')
      .where('idempotency_key', 'like', `%:${key}`)
      .execute();
    const g = await sql<{
      n: number;
    }>`select count(*) as n from game_transfers where request_key like ${`%:${key}`}`.execute(db);
    const a = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', 'like', `%:${key}`)
      .execute();
    if (w.length > 1 || Number(g.rows[0]?.n ?? 0) > 1 || a.length > 1) doublePosted++;
  }

  const check = await ledgerCheck(db);
  // Our ledger against the outside world: payouts the sandbox bank made to our members, and
  // what the sandbox game provider holds for them.
  let bankPaid = 0;
  for (const m of members) {
    const res = await fetch(`${sandboxUrl}/bank/payouts?accountNo=${m.accountNo}&limit=1000`, {
      headers: { 'x-sandbox-key': KEY },
    });
    for (const p of (await res.json()) as { amount: number }[]) bankPaid += p.amount;
  }
  const worldBank = await balanceOf(db, accounts.worldBank().code);
  const providerRes = await fetch(`${sandboxUrl}/provider/${GAME}/ledger?limit=1`, {
    headers: { 'x-sandbox-key': KEY },
  });
  const providerTotals = ((await providerRes.json()) as { totals: { balance: number } }).totals;
  const providerLedger = await balanceOf(db, accounts.provider(GAME).code);
  const withdrawalsByStatus = await db
    .selectFrom('withdrawals')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  await db.destroy();

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
  const figures = {
    test: 'T1 conservation soak',
    database: databaseUrl ? 'postgres' : 'sqlite',
    workers: WORKERS,
    members: MEMBERS,
    clients: CLIENTS,
    seconds: loadSeconds,
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.latencies.length / loadSeconds),
    latencyMs: { p50: pct(0.5), p99: pct(0.99) },
    operations: ops,
    overdraws: stats.overdraws,
    overdrawsAccepted: stats.overdrawAccepted,
    resentKeys: stats.resent,
    resentAnsweredDifferently: stats.resentDifferent,
    resentKeysPostedMoreThanOnce: doublePosted,
    http5xx: stats.serverErrors.length,
    networkErrors: stats.networkErrors,
    invariantViolations: check.violations.length,
    ledger: { accounts: check.accounts, transactions: check.transactions, entries: check.entries },
    unsettledAtEnd: left,
    withdrawals: Object.fromEntries(withdrawalsByStatus.map((r) => [r.status, Number(r.n)])),
    bankVsLedgerSatang: bankPaid - worldBank,
    providerVsLedgerSatang: providerTotals.balance - providerLedger,
    byStatus: stats.byStatus,
  };
  console.log(JSON.stringify(figures, null, 2));
  if (stats.serverErrors.length) console.log('first 5xx:', stats.serverErrors.slice(0, 5));
  if (check.violations.length) console.log('violations:', check.violations);
  exitCode =
    stats.serverErrors.length === 0 &&
    check.violations.length === 0 &&
    doublePosted === 0 &&
    figures.bankVsLedgerSatang === 0 &&
    figures.providerVsLedgerSatang === 0 &&
    left.withdrawals + left.transfers === 0
      ? 0
      : 1;
} catch (error) {
  console.error('T1 soak failed:', error);
} finally {
  stopping = true;
  killAll('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  killAll('SIGKILL');
  rmSync(tempDir, { recursive: true, force: true });
  if (pgAdminUrl && pgDbName) {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgDbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
process.exit(exitCode);
