// Prints the gzip size of the JavaScript loaded first on /login and /user/home, from the
// Vite manifest of a finished build: the entry chunk and its static imports (the vendor
// chunk, and since decision 0036 both shells), plus the lazy chunks the router fetches for
// that route (the TanStack Query layout and the page) with their static imports, plus the
// core part of the default-language catalogue (decision 0020). Chunks fetched after the
// first render (carousels, dialogs, the second catalogue part) are not counted.
// Usage: node apps/web/scripts/first-load.mjs [distDir]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const routes = {
  '/login': ['src/features/auth/components/login-page.tsx', 'src/i18n/locales/th-core.ts'],
  '/user/home': ['src/app/query.tsx', 'src/app/home-route.tsx', 'src/i18n/locales/th-core.ts'],
};

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');

/**
 * The manifest key of a source module. A dynamic entry whose chunk also carries code shared
 * with the chunks it loads later is listed under its chunk name ('_home-page-x.js') instead.
 */
function chunkKey(source) {
  if (manifest[source]) return source;
  const name = source
    .split('/')
    .pop()
    .replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find(
    (key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === name,
  );
}

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files);
}

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const result = {};
for (const [route, lazy] of Object.entries(routes)) {
  const files = new Set();
  collect(entry, files);
  for (const source of lazy) {
    const key = chunkKey(source);
    if (!key) throw new Error(`${source} is not a chunk in the manifest`);
    collect(key, files);
  }
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + gzip(file), 0);
  result[route] = { kb: Number((bytes / 1024).toFixed(1)), files: js.length };
  console.log(`${route.padEnd(11)} ${(bytes / 1024).toFixed(1)} KB gzip in ${js.length} files`);
  if (process.env.VERBOSE)
    for (const file of js) console.log(`   ${(gzip(file) / 1024).toFixed(1).padStart(6)}  ${file}`);
}
