// Rasterises the provider artwork (games.artwork.ts) into PNG logos and JPEG card backgrounds
// at build time (decision 0059). Skips the work when the drawings, fonts and renderer are
// unchanged since the last build. Run by `npm start`, the e2e stack and `npm run
// build:artwork`. Usage: tsx apps/server/scripts/build-artwork.ts [--out DIR]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Straight to the build (not the module's index.ts): that would load the whole server.
import { buildArtwork } from '../src/modules/games/games.raster';
import { flags } from './script-args';

const defaultOut = fileURLToPath(new URL('../generated/providers', import.meta.url));
const out = resolve(flags().get('out') ?? defaultOut);
const started = Date.now();
const report = buildArtwork(out);
console.log(
  report.built
    ? `provider artwork: ${report.files} files, ${Math.round(report.bytes / 1024)} KB in ${out} (${Date.now() - started} ms)`
    : `provider artwork: up to date in ${out}`,
);
