// Starts this workspace's Vite (7) with @vitejs/plugin-react bound to that same Vite, as the
// web app does (apps/web/scripts/vite.mjs, decision 0006): vitest brings Vite 8 to the
// workspace root, and plugin-react (hoisted there) would otherwise take that one.
// Usage: node scripts/vite.mjs [args]
import { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

register('./vite-resolve-hooks.mjs', import.meta.url);

const require = createRequire(new URL('../package.json', import.meta.url));
const viteDir = dirname(require.resolve('vite/package.json'));
await import(pathToFileURL(join(viteDir, 'bin', 'vite.js')).href);
