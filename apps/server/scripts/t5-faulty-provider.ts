// reliability.md T5 against the REAL sandbox process: starts apps/sandbox as a child process
// on a free 127.0.0.1 port, turns its game-provider fault mode on (20% no answer, 10% HTTP
// 500, 10% slower than our timeout, 10% applied but answer lost, 5% duplicated requests),
// runs N transfers wallet -> game and N game -> wallet through the server's HTTP API (the
// app in this process, its SandboxGameProvider talking HTTP to the child), reconciles, and
// compares our ledger with GET /provider/:code/ledger and the provider's accounts. Bounded in
// count and time; prints one line of figures; exits 1 on any difference.
//
//   npx tsx apps/server/scripts/t5-faulty-provider.ts              # 10,000 each way, SQLite
//   T5_COUNT=1000 npx tsx apps/server/scripts/t5-faulty-provider.ts
//   T5_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx ...   # PostgreSQL
//
// Variables: T5_COUNT (10000), T5_MEMBERS (40), T5_CONCURRENCY (32), T5_TIME_LIMIT_S (1200),
// T5_TIMEOUT_MS (our provider timeout, 300), T5_SLOW_MS (sandbox slow answers, 900), T5_SEED.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import type { ProviderCode } from '@wallet/contract';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seed } from '../src/seed';
import { withTransaction } from '../src/db/transaction';
import { systemClock } from '../src/lib/clock';
import { PasswordHasher } from '../src/modules/auth';
import { countPendingTransfers, gameTransfersFlow } from '../src/modules/games';
import { accounts, balanceOf, ledgerCheck, post } from '../src/modules/ledger';
import { setSetting } from '../src/modules/settings';
import { reconcileOnce } from '../src/reconcile';
import { freePort, sleep } from './lib/processes';

const env = process.env;
const num = (name: string, fallback: number) => {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const COUNT = num('T5_COUNT', 10_000);
const MEMBERS = num('T5_MEMBERS', 40);
const CONCURRENCY = num('T5_CONCURRENCY', 32);
const TIME_LIMIT_MS = num('T5_TIME_LIMIT_S', 1200) * 1000;
const TIMEOUT_MS = num('T5_TIMEOUT_MS', 300);
const SLOW_MS = num('T5_SLOW_MS', 900);
const SEED = num('T5_SEED', 20261122);
const CODES: ProviderCode[] = ['PG', 'JOKER', 'AREASLOT', 'UFABET'];
const SANDBOX_KEY = 'sandbox-t5-key';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SANDBOX_MAIN = join(ROOT, 'apps', 'sandbox', 'src', 'main.ts');
const started = Date.now();
const elapsed = () => Date.now() - started;
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SANDBOX_MAIN], {
    cwd: ROOT,
    env: {
      ...env,
      SANDBOX_PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_API_KEY: SANDBOX_KEY,
      LOG_LEVEL: 'error',
      // A throwaway provider: nothing kept in ./data (decision 0126).
      SANDBOX_STATE_FILE: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { url, child };
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  child.kill('SIGKILL');
  throw new Error('sandbox did not start within 30 s');
}

async function sandboxJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'x-sandbox-key': SANDBOX_KEY, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** A database for this run only: a temp SQLite file, or a fresh PostgreSQL database. */
async function runDatabase(): Promise<{ database: Config['database']; drop(): Promise<void> }> {
  const adminUrl = env.T5_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-t5-'));
    return {
      database: { kind: 'sqlite', path: join(dir, 'wallet.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `wallet_t5_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

interface LedgerAnswer {
  totals: { balance: number; transfersIn: number; transfersOut: number; accounts: number };
  entries: { type: string; ref: string; delta: number }[];
  nextAfter: number;
  hasMore: boolean;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox();
  const scratch = await runDatabase();
  let exitCode = 1;
  try {
    const base = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    const config: Config = {
      ...base,
      database: scratch.database,
      sandbox: { ...base.sandbox, url: sandbox.url, apiKey: SANDBOX_KEY },
      argon2: { memoryCost: 64, timeCost: 1, parallelism: 1, maxConcurrent: 4, maxQueue: 10_000 },
      rateLimit: { loginPerMin: 1e6, otpPerMin: 1e6, registerPerMin: 1e6 },
      games: { ...base.games, providerTimeoutMs: TIMEOUT_MS, reconcileIntervalMs: 200 },
    };
    const db = createDatabase(config);
    await migrateToLatest(db);
    await seed({ db, clock: systemClock, config, passwords: new PasswordHasher(config.argon2) });
    await setSetting(db, systemClock, 'registerOTP', false);
    const app = await buildApp({ config, db, clock: systemClock });
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      token?: string,
      body?: unknown,
      key?: string,
    ) =>
      app.inject({
        method,
        url,
        headers: {
          [WALLET_USER_HEADER]: WALLET_USER_VALUE,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body !== undefined ? { payload: body as object } : {}),
      });

    // Members, each funded 1,000,000 baht (a ledger adjustment) with an account at each code.
    const members: { token: string; id: number }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const phone = `08${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`;
      const registered = await call('POST', '/api/account', undefined, {
        name: 'T5 Member',
        username: phone,
        password: 'password123',
        bankCode: 'SCB',
        bankAccountName: 'T FIVE',
        bankAccountNo: `7${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(6, '0')}`,
      });
      if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
      const login = await call('POST', '/api/login', undefined, {
        username: phone,
        password: 'password123',
      });
      const token = login.json<{ token: string }>().token;
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('username', '=', phone)
        .executeTakeFirstOrThrow();
      await withTransaction(db, (trx) =>
        post(trx, systemClock, {
          event: 'adjustment',
          actor: 'system:t5',
          entries: [
            {
              debit: accounts.house('adjustments'),
              credit: accounts.memberCash(row.id),
              amount: 100_000_000,
            },
          ],
        }),
      );
      for (const code of CODES) {
        const res = await call('GET', `/api/wallet/activate/${code}`, token);
        if (res.statusCode !== 200) throw new Error(`activate ${code}: ${res.body}`);
      }
      members.push({ token, id: row.id });
    }

    await sandboxJson(`${sandbox.url}/provider/faults`, {
      method: 'PUT',
      body: JSON.stringify({
        noAnswer: 0.2,
        http500: 0.1,
        slow: 0.1,
        slowMs: SLOW_MS,
        appliedAnswerLost: 0.1,
        duplicate: 0.05,
        seed: SEED,
      }),
    });

    const random = prng(SEED);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const baht = (min: number, max: number) =>
      Math.round((min + random() * (max - min)) * 100) / 100;
    const answers = new Map<string, number>();
    const sent = { in: 0, out: 0 };
    let keySeq = 0;
    let http5xx = 0;
    const run = async (direction: 'in' | 'out') => {
      let next = 0;
      const worker = async () => {
        while (next < COUNT && elapsed() < TIME_LIMIT_MS * 0.7) {
          next += 1;
          const member = pick(members);
          const code = pick(CODES);
          const body =
            direction === 'in'
              ? { from: 'WALLET', to: code, amount: baht(1, 500) }
              : { from: code, to: 'WALLET', amount: baht(1, 200) };
          const res = await call(
            'POST',
            '/api/wallet/transfer',
            member.token,
            body,
            `t5-${process.pid}-${++keySeq}`,
          );
          sent[direction] += 1;
          if (res.statusCode >= 500) http5xx += 1;
          const answer = res.json<{ message: string; status?: string }>();
          const key = `${direction}:${answer.status ?? answer.message}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };
    await run('in');
    const inDone = elapsed();
    await run('out');
    const requestsDone = elapsed();
    const pendingAfterRequests = await countPendingTransfers(app.deps);

    // Reconcile to completion (faults still on), within the time bound.
    let rounds = 0;
    let resent = 0;
    while ((await countPendingTransfers(app.deps)) > 0 && elapsed() < TIME_LIMIT_MS) {
      const flow = { ...gameTransfersFlow(app.deps), batch: 1000, concurrency: 16 };
      const report = await reconcileOnce(flow, app.deps);
      resent += report.outcomes.resent ?? 0;
      rounds += 1;
      if (report.claimed === 0) await sleep(100);
    }
    const pendingLeft = await countPendingTransfers(app.deps);
    const faults = await sandboxJson<{
      counts: Record<string, number>;
      duplicatesDelivered: number;
      duplicatesApplied: number;
    }>(`${sandbox.url}/provider/faults`);
    await sandboxJson(`${sandbox.url}/provider/faults`, { method: 'PUT', body: '{}' });

    // Compare, per code: our provider:CODE account with the provider's ledger, and every
    // member account's posted net with the provider's account balance.
    let ledgerDiff = 0;
    let accountDiff = 0;
    let providerEntries = 0;
    for (const code of CODES) {
      let after = 0;
      let net = 0;
      let totals: LedgerAnswer['totals'] | undefined;
      for (;;) {
        const page = await sandboxJson<LedgerAnswer>(
          `${sandbox.url}/provider/${code}/ledger?after=${after}&limit=10000`,
        );
        totals = page.totals;
        for (const entry of page.entries) net += entry.delta;
        providerEntries += page.entries.length;
        if (!page.hasMore || page.entries.length === 0) break;
        after = page.nextAfter;
      }
      const ours = await balanceOf(db, accounts.provider(code).code);
      ledgerDiff +=
        Math.abs(ours - net) + Math.abs(ours - (totals!.transfersIn - totals!.transfersOut));
      const theirs = await sandboxJson<{ username: string; balance: number }[]>(
        `${sandbox.url}/provider/${code}/accounts`,
      );
      const rows = await db
        .selectFrom('game_transfers')
        .innerJoin('game_accounts', (j) =>
          j
            .onRef('game_accounts.member_id', '=', 'game_transfers.member_id')
            .onRef('game_accounts.provider_code', '=', 'game_transfers.provider_code'),
        )
        .select(['game_accounts.username', 'game_transfers.direction', 'game_transfers.amount'])
        .where('game_transfers.provider_code', '=', code)
        .where('game_transfers.status', '=', 'POSTED')
        .execute();
      const ourNet = new Map<string, number>();
      for (const r of rows)
        ourNet.set(
          r.username,
          (ourNet.get(r.username) ?? 0) + (r.direction === 'in' ? r.amount : -r.amount),
        );
      for (const account of theirs)
        accountDiff += Math.abs((ourNet.get(account.username) ?? 0) - account.balance);
    }
    let holds = 0;
    for (const m of members) holds += await balanceOf(db, accounts.memberHold(m.id, 'game').code);
    const check = await ledgerCheck(db);
    const statuses = await db
      .selectFrom('game_transfers')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();

    const figures = {
      db: config.database.kind,
      transfers: sent,
      concurrency: CONCURRENCY,
      providerTimeoutMs: TIMEOUT_MS,
      answers: Object.fromEntries(answers),
      http5xx,
      sandboxFaults: faults.counts,
      duplicatesDelivered: faults.duplicatesDelivered,
      duplicatesApplied: faults.duplicatesApplied,
      pendingAfterRequests,
      reconcileRounds: rounds,
      resent,
      pendingLeft,
      rows: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
      providerLedgerEntries: providerEntries,
      ledgerDiffSatang: ledgerDiff,
      accountDiffSatang: accountDiff,
      holdsSatang: holds,
      ledgerCheckViolations: check.violations.length,
      seconds: { in: inDone / 1000, out: (requestsDone - inDone) / 1000, total: elapsed() / 1000 },
    };
    console.log(`T5 sandbox: ${JSON.stringify(figures)}`);
    const pass =
      pendingLeft === 0 &&
      ledgerDiff === 0 &&
      accountDiff === 0 &&
      holds === 0 &&
      http5xx === 0 &&
      faults.duplicatesApplied === 0 &&
      check.violations.length === 0;
    console.log(pass ? 'T5 PASS' : 'T5 FAIL');
    exitCode = pass ? 0 : 1;
    await app.close();
    await db.destroy();
  } finally {
    sandbox.child.kill('SIGTERM');
    await scratch.drop().catch((error: unknown) => console.error('drop failed', error));
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error('T5 failed to run:', error);
  process.exit(1);
});
