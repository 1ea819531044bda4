// Build-time rasterising of the provider artwork (decision 0059) through the shared
// pipeline (lib/artwork.ts): every drawing of games.artwork.ts rendered at RASTER_SCALE by
// resvg with explicit font files. Logos keep their transparency (PNG); the opaque card
// backgrounds are JPEG (mozjpeg: about a tenth of the PNG's size). `apps/server/scripts/build-artwork.ts`
// writes them; the server reads them at start.
import {
  ART_FONT_FILES,
  buildArtworkSet,
  loadRasterSet,
  type BuildReport,
} from '../../lib/artwork';
import { artworkSources } from './games.artwork';

export { ART_FONT_FILES, rasterise, type BuildReport } from '../../lib/artwork';

/**
 * Writes `<stem>.png` / `<stem>.jpg` for every provider drawing into `outDir` with
 * `manifest.json`; does nothing when the manifest matches and every file is there.
 */
export function buildArtwork(
  outDir: string,
  fontFiles: readonly string[] = ART_FONT_FILES,
): Promise<BuildReport> {
  return buildArtworkSet(artworkSources, outDir, { fontFiles });
}

/** The built provider rasters in `dir` by file name; empty when the build has not run. */
export function loadRasters(dir: string): Map<string, Buffer> {
  return loadRasterSet(artworkSources, dir);
}
