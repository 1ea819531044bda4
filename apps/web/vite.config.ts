import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  // plugin-react's types resolve the workspace root's newer vite (vitest's); same runtime API.
  plugins: [react() as unknown as PluginOption, precompress()],
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
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
  },
});
