// The one home of the artwork pipeline (decisions 0059, 0077): drawings composed in code as
// SVG are rasterised at build time by resvg with explicit font files (no system font
// lookup), opaque ones encoded as JPEG by sharp (mozjpeg), so the same sources give the
// same bytes on every machine, and served with an ETag; before the build the same names
// serve the SVG drawing. Every raster has a WebP copy beside it, served under the same name
// to a browser that accepts WebP (decision 0161). The provider artwork
// (modules/games/games.artwork.ts) and the promotion banners
// (modules/promotions/promotions.artwork.ts) are two sets of sources through it;
// `apps/server/scripts/build-artwork.ts` builds both.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';

/** Noto Sans from Debian's fonts-noto-core (installed by .ci/run); the lettering's font. */
export const ART_FONT_FILES = [
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
];

/** Times the CSS size a drawing is rendered at, unless it says otherwise. */
export const RASTER_SCALE = 2;

/**
 * Opaque drawings are JPEG at this quality through sharp with mozjpeg's defaults (trellis
 * quantisation, progressive with optimised scans, 4:2:0 chroma): about half the bytes of
 * jpeg-js at 84, and the home's first banner is its Largest Contentful Paint. The others PNG.
 */
const JPEG_QUALITY = 75;
/**
 * The WebP copies' quality (lossy, transparency kept): the home's first banner is 17 KB
 * instead of 27 KB, a provider logo 11 KB instead of 42 KB.
 */
const WEBP_QUALITY = 75;

export interface ArtworkSource {
  /** File stem: `pg-logo`, `promotion-invite`, ... */
  stem: string;
  svg: string;
  /** CSS size. */
  width: number;
  height: number;
  /** Opaque (a card background): built as JPEG; else PNG (with transparency). */
  opaque: boolean;
  /** Render scale; RASTER_SCALE when left out. */
  scale?: number;
}

/** The built file of a drawing: `<stem>.png`, or `<stem>.jpg` when opaque. */
export const rasterFile = (source: ArtworkSource) =>
  `${source.stem}.${source.opaque ? 'jpg' : 'png'}`;

/** The built WebP copy of a drawing: `<stem>.webp`. */
export const webpFile = (source: ArtworkSource) => `${source.stem}.webp`;

/** A drawing's built file names: the raster and its WebP copy. */
const builtFiles = (source: ArtworkSource) => [rasterFile(source), webpFile(source)];

/** A drawing's built files: the raster and its WebP copy. */
export interface Rasters {
  raster: Buffer;
  webp: Buffer;
}

export async function rasterise(
  source: ArtworkSource,
  fontFiles: readonly string[],
): Promise<Rasters> {
  const resvg = new Resvg(source.svg, {
    fitTo: { mode: 'width', value: source.width * (source.scale ?? RASTER_SCALE) },
    font: {
      fontFiles: [...fontFiles],
      loadSystemFonts: false,
      defaultFontFamily: 'Noto Sans',
    },
    background: undefined,
  });
  const image = resvg.render();
  // resvg's RGBA pixels, premultiplied by their alpha (tiny-skia's pixmap: sharp divides it
  // out, or a logo's soft edges come out dark); an opaque drawing's alpha is just dropped.
  const pixels = () => {
    const raw = sharp(Buffer.from(image.pixels), {
      raw: { width: image.width, height: image.height, channels: 4, premultiplied: true },
    });
    return source.opaque ? raw.removeAlpha() : raw;
  };
  const [raster, webp] = await Promise.all([
    source.opaque
      ? pixels().jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer()
      : Promise.resolve(image.asPng()),
    pixels().webp({ quality: WEBP_QUALITY }).toBuffer(),
  ]);
  return { raster, webp };
}

/**
 * What a set's output depends on: the drawings, the fonts' bytes, the renderer's and the
 * encoder's versions and settings.
 */
export function artworkInputHash(
  sources: readonly ArtworkSource[],
  fontFiles: readonly string[],
): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const versionOf = (name: string) =>
    (require(`${name}/package.json`) as { version: string }).version;
  hash.update(
    `resvg ${versionOf('@resvg/resvg-js')} scale ${RASTER_SCALE}` +
      ` sharp ${versionOf('sharp')} mozjpeg q${JPEG_QUALITY} webp q${WEBP_QUALITY} unpremultiplied\n`,
  );
  for (const file of fontFiles) hash.update(readFileSync(file));
  for (const source of sources) {
    hash.update(`${source.stem} ${source.scale ?? RASTER_SCALE}\n${source.svg}\n`);
  }
  return hash.digest('hex');
}

export interface BuildReport {
  built: boolean;
  files: number;
  bytes: number;
}

/**
 * Writes every drawing of `sources` into `outDir` and a manifest (named `manifest`, one
 * per set, so sets can share a folder) of the inputs' hash; does nothing when the manifest
 * matches and every file is there.
 */
export async function buildArtworkSet(
  sources: readonly ArtworkSource[],
  outDir: string,
  options: { fontFiles?: readonly string[]; manifest?: string } = {},
): Promise<BuildReport> {
  const fontFiles = options.fontFiles ?? ART_FONT_FILES;
  const missing = fontFiles.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `artwork fonts missing: ${missing.join(', ')} (apt-get install fonts-noto-core)`,
    );
  }
  const inputHash = artworkInputHash(sources, fontFiles);
  const manifestPath = join(outDir, options.manifest ?? 'manifest.json');
  const files = sources.flatMap(builtFiles);
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
  // Each file is written whole under a name of this process's own, then renamed: two builds
  // at once (two journey files starting together) each put complete files in place, and a
  // reader never sees half a file or half a manifest.
  const writeWhole = (file: string, body: Buffer | string) => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, body);
    renameSync(temporary, file);
  };
  // One at a time: the build's memory stays one picture's, and its output does not depend on
  // the order anything finishes in.
  for (const source of sources) {
    const { raster, webp } = await rasterise(source, fontFiles);
    writeWhole(join(outDir, rasterFile(source)), raster);
    writeWhole(join(outDir, webpFile(source)), webp);
  }
  writeWhole(manifestPath, `${JSON.stringify({ inputHash, files }, null, 2)}\n`);
  return { built: true, files: files.length, bytes: sizeOf() };
}

/**
 * The built files of `sources` in `dir` by file name (rasters and their WebP copies); empty
 * when the build has not run.
 */
export function loadRasterSet(sources: readonly ArtworkSource[], dir: string): Map<string, Buffer> {
  const rasters = new Map<string, Buffer>();
  for (const name of sources.flatMap(builtFiles)) {
    const file = join(dir, name);
    if (existsSync(file)) rasters.set(name, readFileSync(file));
  }
  return rasters;
}

export interface Artwork {
  body: string | Buffer;
  contentType: string;
  etag: string;
  /** The same picture as WebP, for a browser that accepts it (rasters once built). */
  webp?: Artwork;
}

const etagOf = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;

/**
 * The files to serve by name. The raster name (`pg-logo.png`, what the API links) is the
 * built file when `rasters` has it, else the drawing itself (SVG under that name: browsers
 * go by the content type); `<stem>.svg` is always the drawing.
 */
export function artworkFileSet(
  sources: readonly ArtworkSource[],
  rasters: ReadonlyMap<string, Buffer>,
): Map<string, Artwork> {
  const files = new Map<string, Artwork>();
  for (const source of sources) {
    const svg: Artwork = {
      body: source.svg,
      contentType: 'image/svg+xml; charset=utf-8',
      etag: etagOf(source.svg),
    };
    files.set(`${source.stem}.svg`, svg);
    const name = rasterFile(source);
    const raster = rasters.get(name);
    const webp = rasters.get(webpFile(source));
    const contentType = source.opaque ? 'image/jpeg' : 'image/png';
    files.set(
      name,
      raster
        ? {
            body: raster,
            contentType,
            etag: etagOf(raster),
            ...(webp && { webp: { body: webp, contentType: 'image/webp', etag: etagOf(webp) } }),
          }
        : svg,
    );
  }
  return files;
}

/** Whether the request's Accept names WebP (every browser's image requests that can show it do). */
const acceptsWebp = (accept: string | undefined) => /\bimage\/webp\b/i.test(accept ?? '');

/** Artwork is cached for a day (a redrawn picture has a new ETag). */
const ARTWORK_MAX_AGE_S = 24 * 60 * 60;

/**
 * Sends a picture of a set: its WebP copy when the browser accepts WebP (`Vary: Accept`, so
 * a cache keeps the two apart), else the file itself; a day's cache, and 304 for the ETag of
 * the bytes it would send.
 */
export function sendArtwork(
  request: FastifyRequest,
  reply: FastifyReply,
  art: Artwork,
): FastifyReply {
  const sent = art.webp && acceptsWebp(request.headers.accept) ? art.webp : art;
  reply
    .header('content-type', sent.contentType)
    .header('cache-control', `public, max-age=${ARTWORK_MAX_AGE_S}`)
    .header('etag', sent.etag);
  if (art.webp) reply.header('vary', 'accept');
  if (request.headers['if-none-match'] === sent.etag) return reply.code(304).send();
  return reply.send(sent.body);
}
