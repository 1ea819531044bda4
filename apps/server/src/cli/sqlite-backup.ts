// SQLite backups and restores (decision 0106), for `npm run backup` and `npm run restore`.
// The copy is taken ONLINE through SQLite's backup API on a connection of its own: the
// server keeps running and writing (WAL mode), and the copy is the database as of one
// committed moment. Every copy is checked (PRAGMA integrity_check and the ledger check)
// before it is named a backup, and again before a restore puts it in place.
import BetterSqlite3 from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Kysely, sql, SqliteDialect } from 'kysely';
import type { Db } from '../db/database';
import { createDatabase, registerDialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { narrowIfExists, privateDir, privateFile } from '../lib/private-files';
import { ledgerCheck } from '../modules/ledger';
import type { LedgerCheckReport } from '../modules/ledger';

/** Every SQLite database file starts with these 16 bytes. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

export class BackupError extends Error {}

export interface VerifyReport {
  path: string;
  bytes: number;
  integrity: 'ok' | string[];
  ledger: LedgerCheckReport;
  /** The last migration applied in the copy (the server applies newer ones at start). */
  lastMigration: string | null;
  /** What is wrong, one line each; empty when ok. */
  problems: string[];
  ok: boolean;
}

/** `20250131-235959Z`: sorts by time, safe in a file name. */
export function timestampForFile(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Throws a clear BackupError when `path` is not a SQLite database file at all. */
function assertSqliteFile(path: string): void {
  if (!existsSync(path)) throw new BackupError(`${path}: no such file`);
  const size = statSync(path).size;
  const header = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (size < 512 || header.toString('latin1') !== SQLITE_HEADER)
    throw new BackupError(`${path}: not a SQLite database (${size} bytes, wrong header)`);
}

/**
 * Checks a database file: PRAGMA integrity_check (every page, index and constraint), then
 * the ledger check. Read-only by default (a fresh backup). With `migrate` (a restore's staged
 * copy) it opens the file as the server does and first brings it to this code's schema,
 * as the server would at its next start, so an older backup is checked by the ledger check
 * of the code that will run on it. Never throws for a damaged file: `problems` says what is
 * wrong.
 */
export async function verifySqliteFile(
  path: string,
  options: { migrate?: boolean } = {},
): Promise<VerifyReport> {
  assertSqliteFile(path);
  const bytes = statSync(path).size;
  const emptyLedger: LedgerCheckReport = {
    ok: false,
    accounts: 0,
    transactions: 0,
    entries: 0,
    violations: [],
  };
  const failed = (problem: string, integrity: 'ok' | string[] = [problem]): VerifyReport => ({
    path,
    bytes,
    integrity,
    ledger: emptyLedger,
    lastMigration: null,
    problems: [problem],
    ok: false,
  });
  let sqlite: BetterSqlite3.Database;
  try {
    // Writable for a staged copy: one in WAL mode cannot be opened read-only without its
    // -shm file. The check only reads; closing leaves no -wal behind.
    sqlite = new BetterSqlite3(path, { readonly: !options.migrate, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${path}: cannot be opened: ${(error as Error).message}`);
  }
  let integrity: 'ok' | string[];
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    const messages = rows.map((r) => r.integrity_check);
    integrity = messages.length === 1 && messages[0] === 'ok' ? 'ok' : messages.slice(0, 20);
  } catch (error) {
    sqlite.close();
    return failed(`integrity check could not run: ${(error as Error).message}`);
  }
  if (integrity !== 'ok') {
    sqlite.close();
    return failed(`integrity check failed: ${integrity.join('; ')}`, integrity);
  }
  let db: Db;
  if (options.migrate) {
    sqlite.close();
    db = createDatabase({ database: { kind: 'sqlite', path } });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      return failed(`migrations failed: ${(error as Error).message}`, integrity);
    }
  } else {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    registerDialect(db, 'sqlite');
  }
  try {
    let ledger: LedgerCheckReport;
    try {
      ledger = await ledgerCheck(db);
    } catch (error) {
      return failed(`ledger check could not run: ${(error as Error).message}`, integrity);
    }
    let lastMigration: string | null = null;
    try {
      const rows = await sql<{
        name: string;
      }>`select name from kysely_migration order by name desc limit 1`.execute(db);
      lastMigration = rows.rows[0]?.name ?? null;
    } catch {
      /* no migration table: reported as null */
    }
    const problems = ledger.ok ? [] : [`ledger check failed: ${ledger.violations.join('; ')}`];
    return { path, bytes, integrity, ledger, lastMigration, problems, ok: ledger.ok };
  } finally {
    await db.destroy(); // closes the connection
  }
}

export interface BackupResult extends VerifyReport {
  pages: number;
  ms: number;
  /** When the copy began: it holds every transaction committed before this moment. */
  startedAt: Date;
}

/**
 * Copies the live database at `source` into `dir` as `<name>-<timestamp>.db`, with a
 * connection of its own (the server's keep writing). The copy is written as `.partial`,
 * switched to a single self-contained file (journal_mode DELETE), verified, and only then
 * renamed to its final name; a copy that fails verification is removed and reported.
 */
export async function backupSqlite(
  source: string,
  dir: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  assertSqliteFile(source);
  privateDir(dir);
  const name = `${basename(source).replace(/\.(db|sqlite3?)$/, '')}-${timestampForFile(now)}.db`;
  const target = join(dir, name);
  if (existsSync(target)) throw new BackupError(`${target} exists already`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // Created 0600 before the backup API writes into it (decision 0118): never readable by others.
  privateFile(partial);
  const started = performance.now();
  const sqlite = new BetterSqlite3(source, { fileMustExist: true, timeout: 5000 });
  let pages: number;
  const startedAt = new Date();
  try {
    // All pages in ONE step: the step reads under one read transaction, so the copy is one
    // committed moment and, in WAL mode, the server's writers are not blocked. In small steps
    // (better-sqlite3's default, 100 pages) any commit by another process between two steps
    // restarts the copy from the first page; under steady load it may never finish
    // (decision 0106 has the measurement).
    const done = await sqlite.backup(partial, { progress: () => 0x7fffffff });
    pages = done.totalPages;
  } finally {
    sqlite.close();
  }
  try {
    const copy = new BetterSqlite3(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fsyncPath(partial);
    const report = await verifySqliteFile(partial);
    if (!report.ok) {
      rmSync(partial, { force: true });
      return { ...report, path: partial, pages, ms: performance.now() - started, startedAt };
    }
    renameSync(partial, target);
    fsyncPath(dir);
    return { ...report, path: target, pages, ms: performance.now() - started, startedAt };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Fails when another connection (a running server, a script) has `path` open: a WAL-mode
 * connection holds a shared lock for as long as it is open, so an exclusive lock without
 * waiting succeeds only when no one else is using the file. While it holds the lock it
 * folds the WAL into the file, so the file alone is the whole database (the last close
 * removes the -wal and -shm files).
 */
function takeOverIdleDatabase(path: string): void {
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(path, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new BackupError(`${path}: cannot be opened: ${(error as Error).message}`);
  }
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('begin exclusive');
    sqlite.exec('commit');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    sqlite.close();
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      throw new BackupError(
        `${path} is in use by another process (a running server?). Stop every server and script using it, then restore again.`,
      );
    throw error;
  }
  sqlite.close();
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0)
    throw new BackupError(`${wal} is still there after a checkpoint; is a server still running?`);
  rmSync(wal, { force: true });
  rmSync(`${path}-shm`, { force: true });
}

export interface RestoreResult {
  target: string;
  /** Where the replaced database was kept (null when there was none). */
  kept: string | null;
  report: VerifyReport;
}

/**
 * Puts the backup `file` in place of the database at `target`: verifies a copy of it staged
 * beside the target (same file system, so the final rename is atomic), refuses while the
 * target is in use, keeps the replaced file as `<target>.before-restore-<timestamp>`, and
 * renames the staged copy into place.
 */
export async function restoreSqlite(
  file: string,
  target: string,
  now: Date = new Date(),
): Promise<RestoreResult> {
  assertSqliteFile(file);
  if (existsSync(target) && statSync(target).ino === statSync(file).ino)
    throw new BackupError('the backup and the target are the same file');
  privateDir(dirname(target));
  const stamp = timestampForFile(now);
  const staged = `${target}.restore-${stamp}.partial`;
  rmSync(staged, { force: true });
  try {
    // The copy that becomes the database: 0600 from its first byte (decision 0118).
    privateFile(staged);
    copyFileSync(file, staged);
    narrowIfExists(staged);
    const report = await verifySqliteFile(staged, { migrate: true });
    if (!report.ok)
      throw new BackupError(
        `${file} is not a good backup (${report.problems.join('; ')}); nothing was changed`,
      );
    const stagedWal = `${staged}-wal`;
    if (existsSync(stagedWal) && statSync(stagedWal).size > 0)
      throw new BackupError(`${stagedWal} was left after the check; nothing was changed`);
    fsyncPath(staged);
    let kept: string | null = null;
    if (existsSync(target)) {
      takeOverIdleDatabase(target);
      kept = `${target}.before-restore-${stamp}`;
      renameSync(target, kept);
      narrowIfExists(kept);
    }
    renameSync(staged, target);
    fsyncPath(dirname(target));
    return { target, kept, report: { ...report, path: file } };
  } finally {
    for (const leftover of [staged, `${staged}-wal`, `${staged}-shm`])
      rmSync(leftover, { force: true });
  }
}
