// Backups taken under load (issue 15, decision 0106). On each database: members move money
// (operator adjustments, wallet <-> game transfers) from 8 concurrent clients while
// `npm run backup` runs in a process of its own; the backup is restored into a fresh
// database (SQLite: `npm run restore`; PostgreSQL: pg_restore of the pg_dump -Fc archive, the
// documented steps), opened with the app, and must pass the ledger check and hold every
// operation acknowledged before the backup started, once. Then the restore's refusals
// (SQLite): a truncated file, and a target database that a process has open.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { copyFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import type { Wallet } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { createDatabase } from '../src/db/database';
import type { Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { accounts, balanceOf, ledgerCheck } from '../src/modules/ledger';
import { backupSqlite } from '../src/cli/sqlite-backup';
import { activate, newKey, newMember, transfer } from './game-support';
import type { Member } from './game-support';
import { createTestDatabase, forEachDialect, testConfig } from './helpers';
import type { TestApp } from './helpers';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

interface Run {
  code: number | null;
  out: string;
}

/** Runs a server CLI (tsx) in a process of its own with the database settings given. */
function runCli(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/server/src/cli', file), ...args],
      { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, out }));
  });
}

function run(program: string, args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, out }));
  });
}

interface Acked {
  kind: 'adjustment' | 'transfer';
  key: string;
  at: number;
}

/** Money load from `clients` loops until stop(); every 200 answer is recorded with its time. */
function startLoad(t: TestApp, members: Member[], operator: string, clients: number) {
  const acked: Acked[] = [];
  const failures: string[] = [];
  let stopped = false;
  const loop = async (i: number) => {
    for (let n = 0; !stopped; n++) {
      const m = members[(i + n) % members.length]!;
      const key = newKey();
      const pick = n % 3;
      const res =
        pick === 0
          ? await t.call('POST', '/api/operator/adjustments', {
              token: operator,
              headers: { 'idempotency-key': key },
              body: { memberId: m.memberNo, amount: 10, direction: 'credit', reason: 'load' },
            })
          : await transfer(
              t,
              m,
              pick === 1
                ? { from: 'WALLET', to: 'PG', amount: 3 }
                : { from: 'PG', to: 'WALLET', amount: 2 },
              key,
            );
      if (res.statusCode === 200)
        acked.push({ kind: pick === 0 ? 'adjustment' : 'transfer', key, at: Date.now() });
      else failures.push(`${res.statusCode} ${res.body}`);
    }
  };
  const loops = Array.from({ length: clients }, (_, i) => loop(i));
  return {
    acked,
    failures,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function waitUntil(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** Acknowledged operations found in a database, counted per key (a key must count 1). */
async function countsOf(db: Db, operations: Acked[]): Promise<number[]> {
  const counts: number[] = [];
  for (const op of operations) {
    // The routes keep the key as sent or scoped (`<scope>:<key>`); a transfer's rows add
    // its leg (`:in`, `:out`).
    const rows =
      op.kind === 'adjustment'
        ? await sql<{ n: number }>`select count(*) as n from ledger_transactions
            where idempotency_key = ${op.key} or idempotency_key like ${`%:${op.key}`}`.execute(db)
        : await sql<{ n: number }>`select count(*) as n from game_transfers
            where request_key in (${`${op.key}:in`}, ${`${op.key}:out`})
               or request_key like ${`%:${op.key}:in`} or request_key like ${`%:${op.key}:out`}`.execute(
            db,
          );
    counts.push(Number(rows.rows[0]?.n ?? 0));
  }
  return counts;
}

forEachDialect('backup taken under load, restored', (get) => {
  const scratch: string[] = [];
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('restores a backup taken while 8 clients move money: ledger clean, every acknowledged operation once', async () => {
    const t = get();
    const members: Member[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await newMember(t, 5000);
      await activate(t, m, 'PG');
      // Game money to start with: the loops' game -> wallet transfers never lack it.
      const seeded = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 500 });
      expect(seeded.statusCode, seeded.body).toBe(200);
      members.push(m);
    }
    const operator = await t.operatorToken();
    const dir = mkdtempSync(join(tmpdir(), 'wallet-backup-test-'));
    scratch.push(dir);
    const backupDir = join(dir, 'backups');

    if (t.dialect === 'sqlite')
      // The load's commits stay in the WAL file (no automatic checkpoint into the database
      // file), as when readers keep checkpoints behind: a copy of the file alone, without the
      // WAL, would miss them.
      await sql`pragma wal_autocheckpoint = 0`.execute(t.db);
    const load = startLoad(t, members, operator, 8);
    let backup: Run;
    let before: Acked[];
    let during: number;
    let backupEnded = 0;
    try {
      await waitUntil(() => load.acked.length >= 40, 20_000);
      const backupStarted = Date.now();
      const cli =
        t.dialect === 'sqlite'
          ? runCli('backup.ts', [], {
              SQLITE_PATH: (t.config.database as { path: string }).path,
              BACKUP_DIR: backupDir,
            })
          : runCli('backup.ts', ['--pg-bin', PG_BIN], {
              DATABASE_URL: (t.config.database as { url: string }).url,
              BACKUP_DIR: backupDir,
            });
      backup = await cli;
      // The copy holds every commit before the moment the backup printed as its start.
      const asOf = Date.parse(/as of +(\S+)/.exec(backup.out)?.[1] ?? '');
      expect(asOf, backup.out).toBeGreaterThanOrEqual(backupStarted);
      before = load.acked.filter((a) => a.at < asOf);
      backupEnded = Date.now();
      during = load.acked.filter((a) => a.at >= backupStarted && a.at <= backupEnded).length;
      // Some operations after the backup too: the copy must hold none of them.
      await waitUntil(() => load.acked.filter((a) => a.at > backupEnded).length >= 20, 20_000);
    } finally {
      await load.stop();
    }
    expect(backup.out).toContain('backup: ');
    expect(backup.code, backup.out).toBe(0);
    expect(load.failures).toEqual([]);
    // The load really ran while the backup was taken (in its own process).
    expect(during).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThanOrEqual(40);
    const [file] = readdirSync(backupDir);
    expect(file).toMatch(t.dialect === 'sqlite' ? /^wallet-\d{8}-\d{6}Z\.db$/ : /\.dump$/);
    const backupFile = join(backupDir, file!);

    // Restore into a fresh database.
    let restored: Config['database'];
    let dropRestored: () => Promise<void>;
    if (t.dialect === 'sqlite') {
      const target = join(dir, 'restored', 'wallet.db');
      const restore = await runCli('restore.ts', [backupFile], { SQLITE_PATH: target });
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).toContain(`restore: ${target} is now the backup`);
      restored = { kind: 'sqlite', path: target };
      dropRestored = async () => undefined;
    } else {
      const fresh = await createTestDatabase('postgres');
      restored = fresh.database;
      dropRestored = fresh.drop;
      const url = (fresh.database as { url: string }).url;
      const pgRestore = await run(join(PG_BIN, 'pg_restore'), [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${url}`,
        backupFile,
      ]);
      expect(pgRestore.code, pgRestore.out).toBe(0);
    }

    const db = createDatabase({ database: restored });
    try {
      await migrateToLatest(db);
      const check = await ledgerCheck(db);
      expect(check.violations).toEqual([]);
      expect(check.transactions).toBeGreaterThan(before.length);
      const counts = await countsOf(db, before);
      expect(counts.filter((n) => n !== 1)).toEqual([]);
      const after = load.acked.filter((a) => a.at > backupEnded);
      expect(after.length).toBeGreaterThanOrEqual(20);
      expect((await countsOf(db, after)).filter((n) => n !== 0)).toEqual([]);

      // The app on the restored database: a member's session and wallet are there, and the
      // wallet answers the restored ledger's balance.
      const app = await buildApp({
        config: testConfig(restored),
        db,
        sms: t.sms,
        gameProvider: t.games,
        clock: t.clock,
      });
      try {
        const m = members[0]!;
        const res = await app.inject({
          method: 'GET',
          url: '/api/wallet',
          headers: { 'x-wallet-user': 'member', authorization: `Bearer ${m.token}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        const cash = await balanceOf(db, accounts.memberCash(m.memberId).code);
        expect(res.json<Wallet>().wallet.amount * 100).toBe(cash);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
      await dropRestored();
    }
  }, 120_000);
});

describe('restore refusals (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-restore-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A migrated database and a backup of it. */
  async function databaseWithBackup(name: string) {
    const path = join(dir, name, 'wallet.db');
    const db = createDatabase({ database: { kind: 'sqlite', path } });
    await migrateToLatest(db);
    await db.destroy();
    const backup = await backupSqlite(path, join(dir, name, 'backups'));
    expect(backup.ok).toBe(true);
    return { path, backup: backup.path };
  }

  it('refuses a truncated backup with a clear message and changes nothing', async () => {
    const { path, backup } = await databaseWithBackup('truncated');
    const broken = join(dir, 'truncated', 'broken.db');
    copyFileSync(backup, broken);
    truncateSync(broken, Math.floor(statSync(backup).size / 2));
    const before = readFileSync(path);
    const res = await runCli('restore.ts', [broken], { SQLITE_PATH: path });
    expect(res.code).toBe(1);
    expect(res.out).toContain(`restore refused: ${broken} is not a good backup`);
    expect(res.out).toContain('nothing was changed');
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dirname(path)).filter((f) => f.includes('restore'))).toEqual([]);
  }, 60_000);

  it('a copy failing the ledger check is not a backup, and restore refuses it', async () => {
    const { path, backup } = await databaseWithBackup('ledger');
    // A balance no entry explains (SQLite cannot tell a tamper from its trigger; the check can).
    const tamper = (file: string) => {
      const sqlite = new BetterSqlite3(file);
      sqlite
        .prepare(
          `insert into ledger_accounts (code, kind, currency, balance, allow_negative, created_at)
           values ('house:tampered', 'house', 'BAHT', 500, 1, '2025-01-01T00:00:00.000Z')`,
        )
        .run();
      sqlite.close();
    };
    const tampered = join(dir, 'ledger', 'tampered.db');
    copyFileSync(backup, tampered);
    tamper(tampered);
    const before = readFileSync(path);
    const res = await runCli('restore.ts', [tampered], { SQLITE_PATH: path });
    expect(res.code).toBe(1);
    expect(res.out).toContain(
      `restore refused: ${tampered} is not a good backup (ledger check failed: account house:tampered: balance 500 but entries sum to 0`,
    );
    expect(readFileSync(path).equals(before)).toBe(true);

    tamper(path);
    const failed = await backupSqlite(path, join(dir, 'ledger', 'failed-backups'));
    expect(failed.ok).toBe(false);
    expect(failed.problems.join('\n')).toMatch(/ledger check failed: account house:tampered/);
    expect(readdirSync(join(dir, 'ledger', 'failed-backups'))).toEqual([]);
  }, 60_000);

  it('refuses while a process has the target open, restores once it is closed and keeps the old file', async () => {
    const { path, backup } = await databaseWithBackup('in-use');
    const server = new BetterSqlite3(path);
    server.pragma('journal_mode = WAL');
    let res: Run;
    try {
      res = await runCli('restore.ts', [backup], { SQLITE_PATH: path });
    } finally {
      server.close();
    }
    expect(res.code).toBe(1);
    expect(res.out).toContain(`restore refused: ${path} is in use by another process`);

    const again = await runCli('restore.ts', [backup], { SQLITE_PATH: path });
    expect(again.code, again.out).toBe(0);
    const kept = readdirSync(dirname(path)).filter((f) =>
      f.startsWith('wallet.db.before-restore-'),
    );
    expect(kept).toHaveLength(1);
    expect(existsSync(`${path}-wal`)).toBe(false);
    const db = createDatabase({ database: { kind: 'sqlite', path } });
    try {
      expect((await ledgerCheck(db)).ok).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
