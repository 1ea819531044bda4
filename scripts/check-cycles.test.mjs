// The probe of the import-cycle check (decision 0136): the check, run as `npm run check` runs
// it, fails on a fixture with a run-time cycle and a type-only one, names both, and passes
// once the fixture has none.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-cycles.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'check-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = {
  'a.ts': "import { b } from './b';\nexport const a = () => b + 1;\n",
  'b.ts': "import { a } from './a';\nexport const b = 2;\nexport const c = () => a();\n",
  't1.ts': "import type { T2 } from './t2';\nexport type T1 = T2[];\nexport const v1 = 1;\n",
  't2.ts': "import { v1 } from './t1';\nexport type T2 = number;\nexport const v2 = v1;\n",
  'leaf.ts': "import { a } from './a';\nimport { v2 } from './t2';\nexport const d = a() + v2;\n",
  'lazy.ts': "export const load = () => import('./lazy-back');\n",
  'lazy-back.ts': "import { load } from './lazy';\nexport const again = load;\n",
};
for (const [name, text] of Object.entries(fixture)) writeFileSync(join(dir, name), text);

const check = (...names) =>
  spawnSync(process.execPath, [script, ...names.map((name) => join(dir, name))], {
    encoding: 'utf8',
  });

describe('scripts/check-cycles.mjs', () => {
  it('fails on import cycles and names each, run-time or through type imports', () => {
    const run = check(...Object.keys(fixture));
    expect(run.status).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('import cycle'));
    expect(lines).toHaveLength(3);
    expect(run.stderr).toMatch(
      /import cycle \(at run time, 2 files\): .*a\.ts -> .*b\.ts -> .*a\.ts/,
    );
    expect(run.stderr).toMatch(
      /import cycle \(through type imports, 2 files\): .*t1\.ts -> .*t2\.ts/,
    );
    // a dynamic import() closes a cycle too
    expect(run.stderr).toMatch(
      /import cycle \(at run time, 2 files\): .*lazy\.ts -> .*lazy-back\.ts/,
    );
    expect(run.stderr).toMatch(/cycles: 3 import cycles in 7 files/);
  });

  it('passes when no file leads back to itself', () => {
    const run = check('a.ts', 't2.ts', 'leaf.ts', 'lazy-back.ts');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/cycles: none in 4 files/);
  });
});
