// The server's fence (decision 0063) is the root eslint.config.js; this runs ESLint on probe
// files placed in each zone, so removing or breaking a zone rule fails here, not only in
// review. The probes are linted as text: nothing is written to disk.
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

const fenceRules = new Set([
  'no-restricted-imports',
  'no-restricted-syntax',
  'server-fence/module-index', // eslint.config.js: which module a relative import lands in
]);

/** The messages of the fence's rules for `code` linted as if it were at `filePath`. */
async function fence(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.fatal || (m.ruleId !== null && fenceRules.has(m.ruleId)));
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const src = 'apps/server/src';

describe('the server fence (eslint.config.js)', () => {
  it("refuses a module reaching into another module's file, and allows its index", async () => {
    const probe = `${src}/modules/games/fence-probe.ts`;
    const refused = await fence(probe, use('../ledger/ledger.service'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ ruleId: 'server-fence/module-index', line: 1 });
    expect(refused[0]!.message).toMatch(/only through its index\.ts/);

    expect(await fence(probe, use('../ledger'))).toEqual([]);
    expect(await fence(probe, use('../../db/transaction'))).toEqual([]);
    expect(await fence(probe, use('./games.service'))).toEqual([]);
  });

  it.each([
    ['promotions/bonus', '../../'],
    ['promotions/bonus/deep', '../../../'],
  ])(
    "refuses a file in modules/%s reaching into another module's file (any depth)",
    async (folder, up) => {
      const probe = `${src}/modules/${folder}/fence-probe.ts`;
      for (const target of [
        'ledger/ledger.service',
        'ledger/index',
        'promotions-x/y',
        'games/sub/file',
      ]) {
        const refused = await fence(probe, use(`${up}${target}`));
        expect(refused.map((m) => m.message)).toEqual([
          expect.stringMatching(/only through its index\.ts/),
        ]);
      }
      // A dynamic import is resolved the same way.
      const dynamic = await fence(
        probe,
        `export const load = () => import('${up}ledger/ledger.service');\n`,
      );
      expect(dynamic.map((m) => m.ruleId)).toEqual(['server-fence/module-index']);
      // Another module's index, its own module's files at any depth, and below the modules.
      for (const allowed of [
        `${up}ledger`,
        `${up}promotions`,
        `${up}promotions/spin/spin.service`,
        './bonus.rules',
        `${up}../db/transaction`,
      ])
        expect(await fence(probe, use(allowed))).toEqual([]);
    },
  );

  it("keeps modules away from modules/index.ts, the composition level's list (decision 0136)", async () => {
    for (const [probe, list] of [
      [`${src}/modules/games/fence-probe.ts`, '..'],
      [`${src}/modules/games/fence-probe.ts`, '../index'],
      [`${src}/modules/promotions/bonus/fence-probe.ts`, '../..'],
    ] as const) {
      const refused = await fence(probe, use(list));
      expect(refused.map((m) => m.message)).toEqual([
        expect.stringMatching(/composition level's list of modules/),
      ]);
    }
    // The composition level reads it.
    expect(await fence(`${src}/jobs/fence-probe.ts`, use('../modules'))).toEqual([]);
  });

  it('lets code outside modules/ reach a module only through modules/<m>', async () => {
    const probe = `${src}/jobs/fence-probe.ts`;
    const refused = await fence(probe, use('../modules/slips/slips.files'));
    expect(refused.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    expect(refused[0]!.message).toMatch(/modules\/<m>, never modules\/<m>\/<file>/);
    // jobs/ is composition level: the index is fine.
    expect(await fence(probe, use('../modules/slips'))).toEqual([]);
  });

  it.each(['http', 'db', 'lib', 'ports', 'reconcile', 'approvals'])(
    'keeps %s/ below the modules',
    async (folder) => {
      const refused = await fence(`${src}/${folder}/fence-probe.ts`, use('../modules/auth'));
      expect(refused.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
      expect(refused[0]!.message).toMatch(/never import one/);
    },
  );

  it('lets the reconcile kernel import only db/ and lib/ (decision 0061)', async () => {
    const probe = `${src}/reconcile/fence-probe.ts`;
    for (const allowed of ['../db/database', '../lib/clock', './flow', 'kysely'])
      expect(await fence(probe, use(allowed))).toEqual([]);
    for (const refused of ['../ports/game-provider', '../http/paths', '../config', '../deps']) {
      const messages = await fence(probe, use(refused));
      expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
      expect(messages[0]!.message).toMatch(/imports only db\/ and lib\//);
    }
  });

  it('lets the approval kernel import only db/ and lib/ (decision 0116)', async () => {
    const probe = `${src}/approvals/fence-probe.ts`;
    for (const allowed of ['../db/transaction', '../lib/clock', './approvals', 'kysely'])
      expect(await fence(probe, use(allowed))).toEqual([]);
    for (const refused of ['../reconcile', '../http/paths', '../config', '../deps']) {
      const messages = await fence(probe, use(refused));
      expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
      expect(messages[0]!.message).toMatch(/imports only db\/ and lib\//);
    }
  });

  it('keeps deps.ts below the modules, and db/ away from the composition level', async () => {
    const deps = await fence(`${src}/deps.ts`, use('./modules/auth'));
    expect(deps.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    // module-face.ts, the type every module's face fills in (decision 0136), names no module,
    // nor the list of them.
    for (const level of ['./modules/auth', './modules', './app'])
      expect((await fence(`${src}/module-face.ts`, use(level))).map((m) => m.ruleId)).toEqual([
        'no-restricted-imports',
      ]);
    expect(await fence(`${src}/module-face.ts`, use('./reconcile'))).toEqual([]);
    const seed = await fence(`${src}/db/fence-probe.ts`, use('../seed'));
    expect(seed[0]!.message).toMatch(/composition level/);
    for (const level of ['../cluster/primary', '../observability/metrics']) {
      const messages = await fence(`${src}/http/fence-probe.ts`, use(level));
      expect(messages[0]!.message).toMatch(/composition level/);
    }
  });

  it("lets db/schema.ts take only the types of a module's tables file (issue 27)", async () => {
    const schema = `${src}/db/schema.ts`;
    const types = (from: string) => `import type { T } from '${from}';\nexport type U = T;\n`;
    expect(await fence(schema, types('../modules/slips/slips.tables'))).toEqual([]);
    for (const refused of [
      '../modules/slips/slips.service',
      '../modules/slips',
      '../modules/slips/games.tables',
    ]) {
      const messages = await fence(schema, types(refused));
      expect(
        messages.map((m) => m.ruleId),
        refused,
      ).toEqual(['no-restricted-imports']);
    }
    // A value import, even from a tables file.
    const value = await fence(schema, use('../modules/slips/slips.tables'));
    expect(value.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
    expect(value[0]!.message).toMatch(/only types from the modules/);
    // Any other file of db/ stays below the modules, tables files included.
    const other = await fence(`${src}/db/fence-probe.ts`, types('../modules/slips/slips.tables'));
    expect(other.map((m) => m.ruleId)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('keeps a tables file a leaf: types from kysely, the contract and db/columns (issue 27)', async () => {
    const probe = `${src}/modules/slips/slips.tables.ts`;
    const types = (from: string) => `import type { T } from '${from}';\nexport type U = T;\n`;
    for (const allowed of ['kysely', '@wallet/contract', '../../db/columns'])
      expect(await fence(probe, types(allowed)), allowed).toEqual([]);
    for (const refused of [
      '../../db/schema',
      '../../db/database',
      './slips.service',
      '../ledger',
    ]) {
      const messages = await fence(probe, types(refused));
      expect(messages.length, refused).toBeGreaterThan(0);
      expect(new Set(messages.map((m) => m.ruleId)), refused).toEqual(
        new Set(['no-restricted-imports']),
      );
    }
    const value = await fence(probe, use('../../db/columns'));
    expect(value.map((m) => m.message)).toEqual(
      expect.arrayContaining([
        'A tables file imports only types (`import type`).',
        'A tables file declares types only: the row interfaces of its tables.',
      ]),
    );
  });

  it('lets adapters import only ports/, lib/ and config', async () => {
    const probe = `${src}/adapters/fence-probe.ts`;
    for (const allowed of [
      '../ports/sms-sender',
      '../lib/http-client',
      '../config',
      './sandbox-http',
    ])
      expect(await fence(probe, use(allowed))).toEqual([]);
    for (const refused of ['../db/database', '../modules/otp', '../deps', '../http/paths'])
      expect((await fence(probe, use(refused))).map((m) => m.ruleId)).toEqual([
        'no-restricted-imports',
      ]);
  });

  it('lets only config.ts read the environment', async () => {
    const read = 'export const port = process.env.PORT;\n';
    for (const probe of [`${src}/modules/games/fence-probe.ts`, `${src}/http/fence-probe.ts`]) {
      const refused = await fence(probe, read);
      expect(refused.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
      expect(refused[0]!.message).toMatch(/Only apps\/server\/src\/config\.ts reads/);
    }
    const destructured = await fence(
      `${src}/lib/fence-probe.ts`,
      'const { env } = process;\nexport const port = env.PORT;\n',
    );
    expect(destructured.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
    const imported = await fence(
      `${src}/lib/fence-probe.ts`,
      "import { env } from 'node:process';\nexport const port = env.PORT;\n",
    );
    expect(imported.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    expect(await fence(`${src}/config.ts`, read)).toEqual([]);
  });

  it('still refuses parseFloat next to the environment rule (the merged list)', async () => {
    const refused = await fence(
      `${src}/modules/games/fence-probe.ts`,
      'export const n = parseFloat("1.5");\n',
    );
    expect(refused[0]!.message).toMatch(/never parsed as a float/);
  });
});
