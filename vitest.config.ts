import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './scripts/lib/vite-shared.mjs';

// Two tiers (architecture.md "Tests"): unit tests sit beside the code and touch no network;
// integration tests (*.int.test.ts) drive the server through app.inject on SQLite, and on
// PostgreSQL too when TEST_DATABASE_URL is set (see .ci/run). Work that costs seconds goes
// there too: real sockets (*.net.int.test.ts), rasterising with resvg and the system fonts,
// decoding large images (issue 27).
const appSrc = (app: string) => fileURLToPath(new URL(`./apps/${app}/src/`, import.meta.url));
const consoleSrc = appSrc('console');

/**
 * Each React app's `@/` alias (its vite.config.ts), so their tests run from the root too:
 * `@/` means apps/console/src/ inside the console and apps/web/src/ everywhere else.
 */
function appAlias(): Plugin {
  return {
    name: 'wallet:app-alias',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.startsWith('@/')) return null;
      const root = importer?.startsWith(consoleSrc) ? consoleSrc : appSrc('web');
      return this.resolve(root + source.slice(2), importer, { skipSelf: true });
    },
  };
}

const unitInclude = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  // the repository checks' probes (check-cycles.test.mjs)
  'scripts/*.test.mjs',
];
const unitExclude = ['**/*.int.test.ts', '**/node_modules/**'];

/**
 * The unit test files that ask for a DOM (`// @vitest-environment jsdom` as their first
 * line), relative to the root: the `unit-dom` project runs them (issue 27). Also the member
 * app's files that render it without one (`// @vitest-environment node`: the home the server
 * renders, decision 0159), which need the member app's Preact aliases all the same.
 */
function domTestFiles(): string[] {
  const root = fileURLToPath(new URL('./', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(root + dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.int.test.ts')) {
        const head = readFileSync(root + path, 'utf8').slice(0, 100);
        if (
          head.startsWith('// @vitest-environment jsdom') ||
          (path.startsWith('apps/web/') && head.startsWith('// @vitest-environment node'))
        )
          files.push(path);
      }
    }
  };
  for (const top of ['apps', 'packages'])
    for (const entry of readdirSync(root + top, { withFileTypes: true }))
      if (entry.isDirectory()) walk(`${top}/${entry.name}/src`);
  return files;
}
const domFiles = domTestFiles();
// The member app ships on Preact (decision 0158) and its DOM tests run on it too; the
// console's and the shared client package's stay on React, as the console ships.
const webDomFiles = domFiles.filter((file) => file.startsWith('apps/web/'));
const reactDomFiles = domFiles.filter((file) => !webDomFiles.includes(file));
const webSrc = appSrc('web');
const reactRouterDev = fileURLToPath(
  new URL('./node_modules/react-router/dist/development', import.meta.url),
);

/** apps/web's aliases to preact/compat, and Testing Library on Preact. */
const webTestAliases = [
  ...preactAliases,
  { find: /^@testing-library\/react$/, replacement: `${webSrc}test/testing-library-preact.tsx` },
  // Under Node, react-router resolves to its CommonJS build, whose require('react') no alias
  // reaches: its ES module build instead.
  { find: /^react-router$/, replacement: `${reactRouterDev}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDev}/dom-export.mjs` },
];

export default defineConfig({
  plugins: [appAlias()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Every core: vitest's run-mode default is one worker fewer than the cores, i.e. a
          // single worker on the 2-core machines this runs on. Unit files share no state.
          maxWorkers: '100%',
          include: unitInclude,
          exclude: [...unitExclude, ...domFiles],
          setupFiles: ['./vitest.unit-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The unit files with a DOM (jsdom). Each still gets a fresh context of its own, but
          // in a VM inside a worker that stays up: a new process per file paid for loading
          // jsdom, React and Testing Library again, about as long as the tests themselves
          // (issue 27). Node files stay in `unit`: in a VM context their hot loops (image
          // decoding, QR reading) run several times slower.
          name: 'unit-dom',
          pool: 'vmForks',
          maxWorkers: '100%',
          include: reactDomFiles,
          // findBy*/waitFor wait up to 5 s, not 1 s: on 2 shared cores a lazy screen can take
          // longer than a second to appear (issue 27).
          setupFiles: ['./vitest.unit-setup.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: webTestAliases },
        test: {
          name: 'unit-dom-web',
          pool: 'vmForks',
          maxWorkers: '100%',
          include: webDomFiles,
          setupFiles: ['./vitest.unit-setup.ts'],
          // Libraries that import React must be compiled by Vite to see the aliases above.
          server: { deps: { inline: ['@tanstack/react-query', /react-router/] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/*/test/**/*.int.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two files at a time, one per core: each file has a database of its own (a temp
          // SQLite file, a new PostgreSQL database) and a Redis key prefix of its own.
          maxWorkers: 2,
          // The files of a worker share one module graph: loading the server's modules again
          // for each of 108 files cost 138 s of the tier's import time (26 s shared). They
          // may: every file builds its own app, and the server's module-level state is keyed
          // by database handle or set by each buildApp (issue 27, decision 0142).
          isolate: false,
        },
      },
    ],
  },
});
