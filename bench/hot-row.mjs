// `npm run bench:hotrow`: the hot-row benchmark of issue 15 (see bench/README.md). The work is
// in apps/server/scripts/lib/hot-row-bench.ts (typechecked with the server); this runs it with
// tsx, on the PostgreSQL server of DATABASE_URL or TEST_DATABASE_URL, or else inside a
// throwaway cluster (scripts/with-postgres.sh).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = [
  process.execPath,
  '--import',
  'tsx',
  join(root, 'apps/server/scripts/lib/hot-row-bench.ts'),
  ...process.argv.slice(2),
];
const hasDatabase = Boolean(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const result = hasDatabase
  ? spawnSync(run[0], run.slice(1), { cwd: root, stdio: 'inherit' })
  : spawnSync('bash', [join(root, 'scripts/with-postgres.sh'), ...run], {
      cwd: root,
      stdio: 'inherit',
    });
process.exit(result.status ?? 1);
