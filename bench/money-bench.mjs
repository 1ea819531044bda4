// `npm run bench:money`: the money benchmark of issue 3 (see bench/README.md). The work is in
// apps/server/scripts/lib/money-bench.ts (typechecked with the server); this runs it with tsx.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    join(root, 'apps/server/scripts/lib/money-bench.ts'),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
