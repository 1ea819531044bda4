// Writes .br and .gz beside every text file of a front end's build, so the server sends them
// as they are (@fastify/static `preCompressed: true`) instead of compressing per request. Both
// Vite configs (apps/web, apps/console) call it once their bundle is written. Files under 1 KB
// and Vite's `.vite/` internals are left as they are.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|webmanifest)$/;

/** Every file under `dir`, depth first. */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );

export function precompressDir(dir) {
  for (const file of walk(dir)) {
    if (!TEXT.test(file) || file.includes('/.vite/')) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
