import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
// eslint-disable-next-line no-restricted-imports -- build plumbing shared with the web app
import {
  buildOptions,
  precompressPlugin,
  reactRouterAliases,
} from '../../scripts/lib/vite-shared.mjs';

// The operator console (decision 0087): served by the server under /console/, so every
// asset URL starts there. The dev server proxies /api to the API server (API_PROXY_TARGET,
// default the product port 3000) so the browser talks to one origin, as in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** React and react-router in one long-cached chunk; TanStack Query in another. */
function chunkGroups(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
  if (/\/node_modules\/@tanstack\//.test(id)) return 'tanstack-query';
  return undefined;
}

export default defineConfig(({ command }) => ({
  base: '/console/',
  // plugin-react's types resolve the workspace root's newer vite (vitest's); same runtime API.
  plugins: [react() as unknown as PluginOption, precompressPlugin('console:precompress')],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...reactRouterAliases(command),
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
  build: buildOptions(chunkGroups),
}));
