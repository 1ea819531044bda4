// Rasterises the artwork drawn in code at build time: the provider logos and card
// backgrounds (games.artwork.ts, decision 0059), the promotion banners
// (promotions.artwork.ts, decision 0077) and the home carousel's lettered stock slides
// (promotions.home-art.ts, decision 0134), into one folder (ARTWORK_DIR), one manifest per
// set. Skips a set whose drawings, fonts and renderer are unchanged since the last build.
// Run by `npm start`, the e2e stack and `npm run build:artwork`.
// Usage: tsx apps/server/scripts/build-artwork.ts [--out DIR]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Straight to the builds (not the modules' index.ts): that would load the whole server.
import { buildArtworkSet } from '../src/lib/artwork';
import { buildArtwork } from '../src/modules/games/games.raster';
import {
  PROMOTION_ART_MANIFEST,
  promotionArtSources,
} from '../src/modules/promotions/promotions.artwork';
import {
  HOME_ART_FONT_FILES,
  HOME_ART_MANIFEST,
  homeArtSources,
} from '../src/modules/promotions/promotions.home-art';
import { flags } from './script-args';

const defaultOut = fileURLToPath(new URL('../generated/providers', import.meta.url));
const out = resolve(flags().get('out') ?? defaultOut);
const sets = [
  { what: 'provider artwork', build: () => buildArtwork(out) },
  {
    what: 'promotion banners',
    build: () => buildArtworkSet(promotionArtSources, out, { manifest: PROMOTION_ART_MANIFEST }),
  },
  {
    what: 'home carousel slides',
    build: () =>
      buildArtworkSet(homeArtSources, out, {
        manifest: HOME_ART_MANIFEST,
        fontFiles: HOME_ART_FONT_FILES,
      }),
  },
];
for (const { what, build } of sets) {
  const started = Date.now();
  const report = await build();
  console.log(
    report.built
      ? `${what}: ${report.files} files, ${Math.round(report.bytes / 1024)} KB in ${out} (${Date.now() - started} ms)`
      : `${what}: up to date in ${out}`,
  );
}
