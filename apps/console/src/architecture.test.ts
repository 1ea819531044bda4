// The console's layering (issue 27) is the root eslint.config.js; this runs ESLint on probe
// files, linted as text (nothing is written), so removing or breaking the rule that keeps API
// calls out of components, or the feature fences, fails here and not only in review.
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const src = 'apps/console/src';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

const fenceRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The fence's messages for `code` linted as if it were at `filePath`. */
async function fence(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.fatal || (m.ruleId !== null && fenceRules.has(m.ruleId)));
}

const apiOut = /Components never call the API/;

const probes = {
  callApi: `import { callApi } from '@/lib/api';\nexport const f = () => callApi;\n`,
  routes: `import { routes } from '@wallet/contract/routes';\nexport const r = routes;\n`,
  download: `import { downloadFile } from '@/lib/download';\nexport const d = downloadFile;\n`,
  query: `import { useQuery } from '@tanstack/react-query';\nexport const q = useQuery;\n`,
  mutation: `import { useMutation, useQueryClient } from '@tanstack/react-query';\nexport const m = [useMutation, useQueryClient];\n`,
  inlineKey: `export const o = { queryKey: ['x'] };\n`,
};

describe("the console's layering (eslint.config.js)", () => {
  it.each([
    `${src}/features/operators/components/fence-probe.tsx`,
    `${src}/features/audit/fence-probe.tsx`,
    `${src}/components/fence-probe.tsx`,
    `${src}/app/shell/fence-probe.tsx`,
  ])('keeps API calls, queries and query keys out of the component %s', async (probe) => {
    for (const [name, code] of Object.entries(probes)) {
      const messages = await fence(probe, code);
      expect(messages.length, name).toBeGreaterThan(0);
      for (const m of messages) expect(m.message, name).toMatch(apiOut);
    }
  });

  it("allows them in a feature's api.ts and hooks, and allows the types and vocabularies", async () => {
    for (const probe of [
      `${src}/features/operators/api.ts`,
      `${src}/features/operators/hooks/use-probe.ts`,
    ])
      for (const code of Object.values(probes)) expect(await fence(probe, code)).toEqual([]);

    const component = `${src}/features/operators/components/fence-probe.tsx`;
    expect(
      await fence(
        component,
        `import { OPERATOR_ROLES } from '@wallet/contract/routes';\nimport { ApiError, type ApiAnswer } from '@/lib/api';\nimport { keepPreviousData } from '@tanstack/react-query';\nimport { useAccounts } from '../api';\nexport const x: unknown[] = [OPERATOR_ROLES, ApiError, keepPreviousData, useAccounts];\nexport type A = ApiAnswer<never>;\n`,
      ),
    ).toEqual([]);
  });

  it('leaves tests free to mock the API', async () => {
    expect(await fence(`${src}/features/audit/page.test.tsx`, probes.callApi)).toEqual([]);
  });

  it('still keeps features apart and the app layer out of features', async () => {
    const probe = `${src}/features/operators/components/fence-probe.tsx`;
    const messages = await fence(
      probe,
      `import { x } from '@/features/audit/api';\nimport { y } from '@/app/router';\nexport const z = [x, y];\n`,
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/Features never import each other/),
      expect.stringMatching(/Features never import the app layer/),
    ]);
  });
});
