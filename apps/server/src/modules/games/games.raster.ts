// Build-time rasterising of the provider artwork (decision 0059): every drawing of
// games.artwork.ts is rendered at RASTER_SCALE by resvg with explicit font files (no system
// font lookup), so the same sources give the same bytes on every machine. Logos keep their
// transparency (PNG); the opaque card backgrounds are JPEG (a fifth of the PNG's size).
// `apps/server/scripts/build-artwork.ts` writes them; the server reads them at start.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jpeg from 'jpeg-js';
import { artworkSources, RASTER_SCALE, rasterFile, type ArtworkSource } from './games.artwork';

/** Noto Sans from Debian's fonts-noto-core (installed by .ci/run); the lettering's font. */
export const ART_FONT_FILES = [
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
];

const MANIFEST = 'manifest.json';

/** Backgrounds are opaque: JPEG at this quality; logos are PNG. */
const JPEG_QUALITY = 84;

export function rasterise(source: ArtworkSource, fontFiles: readonly string[]): Buffer {
  const resvg = new Resvg(source.svg, {
    fitTo: { mode: 'width', value: source.width * RASTER_SCALE },
    font: {
      fontFiles: [...fontFiles],
      loadSystemFonts: false,
      defaultFontFamily: 'Noto Sans',
    },
    background: undefined,
  });
  const image = resvg.render();
  if (!source.opaque) return image.asPng();
  const encoded = jpeg.encode(
    { data: image.pixels, width: image.width, height: image.height },
    JPEG_QUALITY,
  );
  return Buffer.from(encoded.data);
}

/** What the output depends on: the drawings, the fonts' bytes and the renderer's version. */
export function artworkInputHash(fontFiles: readonly string[]): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const { version } = require('@resvg/resvg-js/package.json') as { version: string };
  hash.update(`resvg ${version} scale ${RASTER_SCALE} jpeg ${JPEG_QUALITY}\n`);
  for (const file of fontFiles) hash.update(readFileSync(file));
  for (const source of artworkSources) hash.update(`${source.stem}\n${source.svg}\n`);
  return hash.digest('hex');
}

export interface BuildReport {
  built: boolean;
  files: number;
  bytes: number;
}

/**
 * Writes `<stem>.png` for every drawing into `outDir` and a manifest of the inputs' hash;
 * does nothing when the manifest matches and every file is there.
 */
export function buildArtwork(
  outDir: string,
  fontFiles: readonly string[] = ART_FONT_FILES,
): BuildReport {
  const missing = fontFiles.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `artwork fonts missing: ${missing.join(', ')} (apt-get install fonts-noto-core)`,
    );
  }
  const inputHash = artworkInputHash(fontFiles);
  const manifestPath = join(outDir, MANIFEST);
  const files = artworkSources.map(rasterFile);
  const sizeOf = () =>
    files.reduce((sum, file) => sum + readFileSync(join(outDir, file)).length, 0);
  if (
    existsSync(manifestPath) &&
    (JSON.parse(readFileSync(manifestPath, 'utf8')) as { inputHash?: string }).inputHash ===
      inputHash &&
    files.every((file) => existsSync(join(outDir, file)))
  ) {
    return { built: false, files: files.length, bytes: sizeOf() };
  }
  mkdirSync(outDir, { recursive: true });
  for (const source of artworkSources) {
    const file = join(outDir, rasterFile(source));
    writeFileSync(`${file}.tmp`, rasterise(source, fontFiles));
    renameSync(`${file}.tmp`, file);
  }
  writeFileSync(manifestPath, `${JSON.stringify({ inputHash, files }, null, 2)}\n`);
  return { built: true, files: files.length, bytes: sizeOf() };
}

/** The built rasters in `dir` by file name; empty when the build has not run (SVG is served). */
export function loadRasters(dir: string): Map<string, Buffer> {
  const rasters = new Map<string, Buffer>();
  for (const source of artworkSources) {
    const file = join(dir, rasterFile(source));
    if (existsSync(file)) rasters.set(rasterFile(source), readFileSync(file));
  }
  return rasters;
}
