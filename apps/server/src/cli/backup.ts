// `npm run backup` (decision 0106): an online backup of the configured database while the
// server runs.
//   SQLite (default): a copy of SQLITE_PATH in BACKUP_DIR (`<name>-<UTC time>.db`), taken
//     with SQLite's backup API, then opened read-only and checked (PRAGMA integrity_check,
//     the ledger check). Exit 0: a good backup; 1: the copy failed its checks (removed).
//   PostgreSQL (DATABASE_URL): pg_dump -Fc into BACKUP_DIR (`<database>-<UTC time>.dump`),
//     read back with pg_restore --list. pg_dump comes from PATH, or from --pg-bin <dir>
//     (e.g. /usr/lib/postgresql/15/bin); when it is not there, prints the command to run
//     and exits 2.
//   npm run backup [-- --pg-bin /usr/lib/postgresql/15/bin]
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import {
  backupPostgres,
  pgDumpArgs,
  pgProgram,
  pgProgramVersion,
  pgRestoreSteps,
  printableCommand,
  splitPassword,
} from './pg-backup';
import { BackupError, backupSqlite } from './sqlite-backup';

const { values } = parseArgs({ options: { 'pg-bin': { type: 'string' } } });
const config = loadConfig();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  if (config.database.kind === 'sqlite') {
    const result = await backupSqlite(config.database.path, config.backupDir);
    const integrity = result.integrity === 'ok' ? 'ok' : result.integrity.join('; ');
    const ledger = result.ledger;
    const problems = result.problems.filter((p) => !p.startsWith('integrity check failed'));
    console.log(
      [
        `backup: ${result.ok ? result.path : 'FAILED (the copy was removed)'}`,
        `  from      ${config.database.path}`,
        `  as of     ${result.startedAt.toISOString()} (every commit before it is in the copy)`,
        `  size      ${mb(result.bytes)} (${result.pages} pages, ${Math.round(result.ms)} ms)`,
        `  integrity ${integrity}`,
        `  ledger    ${ledger.ok ? 'clean' : 'VIOLATIONS'} (${ledger.accounts} accounts, ${ledger.transactions} transactions, ${ledger.entries} entries)`,
        ...ledger.violations.map((v) => `    - ${v}`),
        ...problems
          .filter((p) => !p.startsWith('ledger check failed'))
          .map((p) => `  problem   ${p}`),
        `  schema    ${result.lastMigration ?? 'no migrations'}`,
        result.ok ? `  restore   npm run restore -- ${result.path}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    process.exitCode = result.ok ? 0 : 1;
  } else {
    const pgBin = values['pg-bin'];
    const dump = pgProgram('pg_dump', pgBin);
    const version = pgProgramVersion(dump);
    if (!version) {
      const connection = splitPassword(config.database.url);
      const file = `${config.backupDir}/${connection.database}-$(date -u +%Y%m%d-%H%M%SZ).dump`;
      console.log(
        [
          `backup: ${dump} was not found (install the PostgreSQL client of the server's version, or give --pg-bin <dir>).`,
          `Run it by hand (PGPASSWORD in the environment when the role has a password):`,
          `  mkdir -p ${config.backupDir}`,
          `  ${printableCommand('pg_dump', pgDumpArgs(connection, 'FILE')).replace('--file=FILE', `--file="${file}"`)}`,
        ].join('\n'),
      );
      process.exitCode = 2;
    } else {
      const result = backupPostgres(config.database.url, config.backupDir, {
        ...(pgBin ? { pgBin } : {}),
      });
      console.log(
        [
          `backup: ${result.path}`,
          `  with      ${version} (custom format, -Fc)`,
          `  as of     ${result.startedAt.toISOString()} (every commit before it is in the dump)`,
          `  size      ${mb(result.bytes)} (${Math.round(result.ms)} ms)`,
          `  archive   readable: ${result.tocEntries} entries, ${result.tables} tables with data`,
          `  restore (into a new database, then check it):`,
          ...pgRestoreSteps(config.database.url, result.path, pgBin)
            .split('\n')
            .map((l) => `    ${l}`),
        ].join('\n'),
      );
    }
  }
} catch (error) {
  console.error(`backup: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exitCode = 1;
}
