// Starts this workspace's Vite (7) with @vitejs/plugin-react bound to that same Vite.
// Why: vitest brings Vite 8 to the workspace root, and plugin-react (hoisted to the root)
// would otherwise import that one, take the rolldown code path and break the Vite 7 dev
// server ("Missing field moduleType"). See decision 0006. Usage: node scripts/vite.mjs [args]
import { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

register('./vite-resolve-hooks.mjs', import.meta.url);

const require = createRequire(new URL('../package.json', import.meta.url));
const viteDir = dirname(require.resolve('vite/package.json'));
await import(pathToFileURL(join(viteDir, 'bin', 'vite.js')).href);
