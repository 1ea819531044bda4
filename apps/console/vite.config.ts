import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
// eslint-disable-next-line no-restricted-imports -- build plumbing shared with the web app
import { precompressDir } from '../../scripts/lib/precompress.mjs';

// The operator console (decision 0087): served by the server under /console/, so every
// asset URL starts there. The dev server proxies /api to the API server (API_PROXY_TARGET,
// default the product port 3000) so the browser talks to one origin, as in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** Writes .br and .gz beside every text asset (scripts/lib/precompress.mjs, shared with the web app). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: () => precompressDir(outDir),
  };
}

// react-router's `exports` point at its development build; the build takes the production
// files (no dev warnings), as the web app does.
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

/** React and react-router in one long-cached chunk; TanStack Query in another. */
function chunkGroups(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
  if (/\/node_modules\/@tanstack\//.test(id)) return 'tanstack-query';
  return undefined;
}

export default defineConfig(({ command }) => ({
  base: '/console/',
  // plugin-react's types resolve the workspace root's newer vite (vitest's); same runtime API.
  plugins: [react() as unknown as PluginOption, precompress()],
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
    port: Number(process.env.CONSOLE_DEV_PORT ?? 5174),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The agents' live inbox (Socket.IO, decision 0098).
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // bench/web-perf.mjs reads the manifest for its cross-check.
    manifest: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2, pure_getters: true } },
    rollupOptions: { output: { manualChunks: chunkGroups } },
  },
}));
