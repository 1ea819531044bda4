import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Two tiers (architecture.md "Tests"): unit tests sit beside the code and touch no network;
// integration tests (*.int.test.ts) drive the server through app.inject on SQLite, and on
// PostgreSQL too when TEST_DATABASE_URL is set (see .ci/run).
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
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            // the repository checks' probes (check-cycles.test.mjs)
            'scripts/*.test.mjs',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // findBy*/waitFor wait up to 5 s, not 1 s: on 2 shared cores a lazy screen can take
          // longer than a second to appear (issue 27).
          setupFiles: ['./vitest.unit-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/*/test/**/*.int.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // One file at a time: the files share the test databases.
          fileParallelism: false,
        },
      },
    ],
  },
});
