// PostgreSQL backups for `npm run backup` (decision 0106): pg_dump in its custom format
// (-Fc: compressed, restored with pg_restore, one consistent snapshot taken without blocking
// the server's writers). The password travels in PGPASSWORD, never on the command line.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { childEnvironment } from '../config';
import { narrowIfExists, privateDir, privateFile } from '../lib/private-files';
import { timestampForFile } from './sqlite-backup';

export interface PgConnection {
  /** The URL without its password (safe to print). */
  url: string;
  password: string | undefined;
  database: string;
}

export function splitPassword(databaseUrl: string): PgConnection {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password, database: url.pathname.replace(/^\//, '') };
}

/** A program of the PostgreSQL client tools: from `pgBin` when given, else from PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', pgBin?: string): string {
  return pgBin ? join(pgBin, name) : name;
}

/** Whether the program runs at all (absent from PATH: false). */
export function pgProgramVersion(program: string): string | null {
  const result = spawnSync(program, ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim();
}

export function pgDumpArgs(connection: PgConnection, file: string): string[] {
  return ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${connection.url}`];
}

/** The command line an operator runs by hand (shell-quoted, no password). */
export function printableCommand(program: string, args: string[]): string {
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return [program, ...args].map(quote).join(' ');
}

export interface PgBackupResult {
  path: string;
  bytes: number;
  /** Entries pg_restore --list reads from the archive's table of contents. */
  tocEntries: number;
  tables: number;
  ms: number;
  /** When pg_dump began: its snapshot holds every transaction committed before this moment. */
  startedAt: Date;
}

/**
 * Runs pg_dump -Fc into `dir`, written as `.partial` and renamed once pg_restore --list
 * reads its table of contents back (the archive is whole and readable).
 */
export function backupPostgres(
  databaseUrl: string,
  dir: string,
  options: { pgBin?: string; now?: Date } = {},
): PgBackupResult {
  const connection = splitPassword(databaseUrl);
  privateDir(dir);
  const target = join(
    dir,
    `${connection.database}-${timestampForFile(options.now ?? new Date())}.dump`,
  );
  if (existsSync(target)) throw new Error(`${target} exists already`);
  const partial = `${target}.partial`;
  // pg_dump truncates and writes an existing file, keeping its mode: 0600 (decision 0118).
  privateFile(partial);
  const env = childEnvironment(connection.password ? { PGPASSWORD: connection.password } : {});
  const started = performance.now();
  const startedAt = new Date();
  try {
    const dump = spawnSync(pgProgram('pg_dump', options.pgBin), pgDumpArgs(connection, partial), {
      env,
      encoding: 'utf8',
    });
    if (dump.error || dump.status !== 0)
      throw new Error(`pg_dump failed: ${dump.error?.message ?? dump.stderr.trim()}`);
    const list = spawnSync(pgProgram('pg_restore', options.pgBin), ['--list', partial], {
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (list.error || list.status !== 0)
      throw new Error(
        `pg_restore --list cannot read the dump: ${list.error?.message ?? list.stderr.trim()}`,
      );
    const entries = list.stdout.split('\n').filter((l) => /^\d+;/.test(l));
    narrowIfExists(partial);
    renameSync(partial, target);
    return {
      path: target,
      bytes: statSync(target).size,
      tocEntries: entries.length,
      tables: entries.filter((l) => / TABLE DATA /.test(l)).length,
      ms: performance.now() - started,
      startedAt,
    };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The documented restore of a pg_dump -Fc archive into a NEW database (docs/production.md). */
export function pgRestoreSteps(databaseUrl: string, file: string, pgBin?: string): string {
  const connection = splitPassword(databaseUrl);
  const restored = new URL(connection.url);
  const newName = `${connection.database}_restored`;
  restored.pathname = `/${newName}`;
  const admin = new URL(connection.url);
  admin.pathname = '/postgres';
  return [
    `# 1. a new, empty database (never restore over the live one):`,
    printableCommand('psql', [admin.toString(), '-c', `create database ${newName}`]),
    `# 2. the archive into it (--exit-on-error: stop at the first problem):`,
    printableCommand(pgProgram('pg_restore', pgBin), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${restored.toString()}`,
      file,
    ]),
    `# 3. check it: DATABASE_URL=${restored.toString()} npm run ledger:check`,
    `# 4. stop the servers, point DATABASE_URL at ${newName} (or rename the databases), start them.`,
    `#    (PGPASSWORD=... in the environment when the role has a password)`,
  ].join('\n');
}
