// `npm run ledger:check`: runs the ledger check against the configured database
// (DATABASE_URL for PostgreSQL, else SQLITE_PATH) and exits non-zero on any violation.
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ledgerCheck } from '../modules/ledger';

const config = loadConfig();
const db = createDatabase(config);
try {
  await migrateToLatest(db);
  const report = await ledgerCheck(db);
  console.log(
    `ledger check: ${report.ok ? 'clean' : 'VIOLATIONS'} (${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries)`,
  );
  for (const violation of report.violations) console.log(`  - ${violation}`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.destroy();
}
