// `npm run restore -- <file>` (decision 0106): puts a SQLite backup in place of the
// configured database (SQLITE_PATH). Stop the server first: the restore refuses while any
// process has the database open. It checks the backup (PRAGMA integrity_check, the ledger
// check) before touching anything, keeps the replaced file as
// `<SQLITE_PATH>.before-restore-<UTC time>`, and renames the checked copy into place (one
// atomic rename). The copy is brought to this code's schema (the migrations the server would
// run at start) before the ledger check, so an older backup is checked as it will be used.
// PostgreSQL (DATABASE_URL): prints the pg_restore steps (into a new database) and exits 2.
//   npm run restore -- <file> [--pg-bin /usr/lib/postgresql/15/bin]
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { pgRestoreSteps } from './pg-backup';
import { BackupError, restoreSqlite } from './sqlite-backup';

const { values, positionals } = parseArgs({
  options: { 'pg-bin': { type: 'string' } },
  allowPositionals: true,
});
const file = positionals[0];
const config = loadConfig();

if (!file || positionals.length > 1) {
  console.error('usage: npm run restore -- <backup file>');
  process.exitCode = 64;
} else if (config.database.kind === 'postgres') {
  console.log(
    `restore: PostgreSQL is restored with pg_restore, by hand, into a new database:\n${pgRestoreSteps(config.database.url, file, values['pg-bin'])}`,
  );
  process.exitCode = 2;
} else {
  try {
    const { target, kept, report } = await restoreSqlite(file, config.database.path);
    console.log(
      [
        `restore: ${target} is now the backup ${file}`,
        `  integrity ok; ledger clean (${report.ledger.accounts} accounts, ${report.ledger.transactions} transactions, ${report.ledger.entries} entries)`,
        `  schema    ${report.lastMigration ?? 'no migrations'} (the backup brought to this code's schema)`,
        kept
          ? `  the replaced database is kept as ${kept}`
          : `  there was no database at ${target}`,
      ].join('\n'),
    );
  } catch (error) {
    console.error(
      `restore refused: ${error instanceof BackupError ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  }
}
