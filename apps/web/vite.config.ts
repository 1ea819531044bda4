import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// By path, not by package name: Vite bundles relative imports of its config but loads
// packages with Node, which cannot run the contract's TypeScript.
// eslint-disable-next-line no-restricted-imports -- the config is not app code (see above)
import { routes } from '../../packages/contract/src/routes';
import { brandAssets } from './brand/logo';

// Dev server: /api, /static (game artwork) and /socket.io go to the API server
// (API_PROXY_TARGET, default the product port 3000), so the browser always talks to one
// origin, as in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz next to every text asset of the build, so the server can send them
 * as they are (@fastify/static `preCompressed: true`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wallet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file) || file.includes('/.vite/'))
          continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * react-router publishes a development and a production build of the same code (the latter
 * without its dev warnings) but its `exports` only ever point at the development one. The
 * build takes the production files; the dev server keeps the warnings.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

/**
 * react-router creates its components and contexts with bare module-level
 * `React.forwardRef(...)` / `React.createContext(...)` calls and then assigns their
 * `displayName`. Rollup must assume both have side effects, so every such component stayed
 * in the entry chunk whether the app renders it or not: Form with its submit helpers,
 * Link and NavLink with their framework-mode prefetching (decision 0036). In the build only,
 * this marks those calls pure and drops the `displayName` statements (read only by React
 * DevTools), so what the app does not use is tree-shaken. Lines keep their place, so source
 * maps stay right. If a react-router upgrade changes the pattern, the build stops here
 * instead of silently growing again.
 */
function treeShakeReactRouter(): Plugin {
  const marked = new Set<string>();
  return {
    name: 'wallet:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(reactRouterDist) || !id.endsWith('.mjs')) return null;
      const out = code
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
        .replace(
          /^var (\w+) = (React\d*\.(?:forwardRef|createContext)\()/gm,
          (_, name: string, call: string) => {
            marked.add(name);
            return `var ${name} = /* @__PURE__ */ ${call}`;
          },
        );
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = ['Link', 'NavLink', 'Form', 'DataRouterContext'].filter(
        (name) => !marked.has(name),
      );
      if (missing.length > 0)
        this.error(`react-router no longer matches treeShakeReactRouter (${missing.join(', ')})`);
    },
  };
}

/**
 * The API files take each endpoint's method and path from the contract's route table
 * (`routes.wallet.get`). As one module, the table would land whole (every route some chunk
 * uses) in the entry chunk, as Rollup never splits a module across chunks. In the build
 * only, this writes each `routes.<group>.<name>` (or `routes.<group>`) as its literal value,
 * so each route travels with the lazy chunk that calls it, as when the files restated them,
 * and the unused import is dropped (decision 0067). An unknown name stops the build.
 */
function inlineRoutes(): Plugin {
  const table = routes as Record<string, Record<string, unknown>>;
  // The server's facts about a route (who may call it, how it is guarded) stay out of the
  // bundle: the client reads only method, path and timeoutMs.
  const serverOnly = new Set(['access', 'idempotent', 'multipart']);
  const forTheClient = (key: string, value: unknown) => (serverOnly.has(key) ? undefined : value);
  return {
    name: 'wallet:inline-routes',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/apps/web/src/') || !code.includes("from '@wallet/contract/routes'"))
        return null;
      const reads = /\bendpoint\.(access|idempotent|multipart)\b/.exec(code);
      if (reads) this.error(`${id}: ${reads[0]} is not inlined into the bundle (server-only)`);
      const out = code.replace(
        /\broutes\.(\w+)(?:\.(\w+))?\b/g,
        (match, group: string, name: string | undefined) => {
          const value = name === undefined ? table[group] : table[group]?.[name];
          if (value === undefined) this.error(`${id}: ${match} is not in the route table`);
          return `(${JSON.stringify(value, forTheClient)})`;
        },
      );
      return { code: out, map: null };
    },
  };
}

/**
 * Two chunk groups (decision 0036):
 * - `vendor`: React, react-dom and react-router, which every route needs and which change
 *   only with a dependency upgrade, so phones keep them cached across app releases. Naming
 *   them also keeps them out of the TanStack chunk (a manual chunk takes its dependencies).
 * - TanStack Query in one file instead of four (Rollup split it by which lazy chunks import
 *   which part, yet the member area's layout route needs all of it on its first render), as
 *   fewer, larger files compress better; useMutation stays apart (dialogs and forms only).
 */
function chunkGroups(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
  if (/\/node_modules\/@tanstack\/(query-core|react-query)\//.test(id))
    return /\/(mutationObserver|useMutation)\.js$/.test(id)
      ? 'tanstack-mutation'
      : 'tanstack-query';
  return undefined;
}

/**
 * The web app manifest and the service worker (decisions 0150, 0151), by vite-plugin-pwa:
 * `src/pwa/sw.ts` is bundled to `sw.js` with the build's precache list injected (index.html,
 * every hashed asset, the icons; not the how-to videos). The app registers it itself, after
 * the page has loaded (`src/pwa/pwa-slot.tsx`), so nothing is added to the first load. The
 * manifest speaks the build's language: Thai, or Lao on the Lao build.
 */
function pwa(laoBuild: boolean): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Member Wallet',
      short_name: 'Wallet',
      description: 'Member wallet',
      lang: laoBuild ? 'lo' : 'th',
      dir: 'ltr',
      start_url: '/user/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0f1424',
      background_color: '#0d1222',
      icons: [
        { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      globPatterns: [
        'index.html',
        'early-wallet.js',
        'assets/**/*.{js,css}',
        'favicon.svg',
        'brand/*.png',
      ],
      // The largest chunk stays far below; a bigger one would fail the build, not be skipped.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      minify: true,
      sourcemap: false,
    },
    devOptions: { enabled: false },
  }) as unknown as PluginOption;
}

export default defineConfig(({ command, mode }) => ({
  // plugin-react's types resolve the workspace root's newer vite (vitest's); same runtime API.
  plugins: [
    react() as unknown as PluginOption,
    brandAssets(),
    treeShakeReactRouter(),
    inlineRoutes(),
    pwa(
      /^(true|1)$/.test(
        loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_LAO_BUILD ?? '',
      ),
    ),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/static': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // The manifest lets bench/ and the report compute the first-load JavaScript per route.
    manifest: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Terser shaves about 3 KB gzip off the first load compared with esbuild (decision 0006).
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2, pure_getters: true } },
    rollupOptions: { output: { manualChunks: chunkGroups } },
  },
}));
