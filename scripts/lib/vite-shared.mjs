// What the two front ends' Vite configs share (apps/web, apps/console, decision 0036): the
// compressed copies of the output, react-router's production build and the build options;
// and the member app's Preact aliases, which its unit tests use too (vitest.config.ts).
// One home, so both bundles are built the same way; each config keeps what is its own (its
// plugins, dev server, chunk groups).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { precompressDir } from './precompress.mjs';

/**
 * react-router's `exports` point at its development build, whose dev warnings would stay in a
 * production bundle: a build takes the production files; the dev server keeps the warnings.
 */
export const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

/** The aliases to react-router's production files, for `vite build` only. */
export function reactRouterAliases(command) {
  return command === 'build'
    ? [
        { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
      ]
    : [];
}

/**
 * Writes .br and .gz next to every text asset of the build (precompress.mjs), so the server
 * can send them as they are. Last of all (`order: 'post'`), so files other plugins write when
 * the bundle closes are compressed too.
 */
export function precompressPlugin(name) {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: { order: 'post', sequential: true, handler: () => precompressDir(outDir) },
  };
}

/**
 * The build options of both front ends: the manifest (bench/web-perf.mjs and the first-load
 * report read it), no module-preload polyfill, and Terser, which shaves about 3 KB gzip off
 * the first load compared with esbuild (decision 0006).
 */
export function buildOptions(manualChunks) {
  return {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2, pure_getters: true } },
    rollupOptions: { output: { manualChunks } },
  };
}

/**
 * The member app runs on Preact through its React compatibility layer (decision 0158): these
 * aliases point `react`, `react-dom` and the JSX runtimes at it, in apps/web's dev server and
 * build and in its DOM unit tests (vitest.config.ts `unit-dom-web`), so what is tested is
 * what ships.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
