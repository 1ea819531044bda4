import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { artworkSources, BACKGROUND_SIZE, LOGO_SIZE, RASTER_SCALE } from './games.artwork';
import { ART_FONT_FILES, buildArtwork, loadRasters, rasterise } from './games.raster';
import { jpegSize, pngSize, webpSize } from '../../../test/image-size';

/**
 * The summed brightness of each picture's half-transparent pixels, decoded by sharp in a
 * process of its own: the chat's media module narrows the loaders of sharp (libvips, one per
 * process) to PNG, JPEG and GIF buffers, and a test file of it may have run in this worker.
 */
function halfAlphaBrightness(...files: string[]): number[] {
  const script = `
    const sharp = require('sharp');
    Promise.all(process.argv.slice(1).map(async (file) => {
      const { data } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let at = 0; at < data.length; at += 4)
        if (data[at + 3] > 90 && data[at + 3] < 160) sum += data[at] + data[at + 1] + data[at + 2];
      return sum;
    })).then((sums) => console.log(JSON.stringify(sums)));`;
  const cwd = dirname(createRequire(import.meta.url).resolve('sharp/package.json'));
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script, ...files], { cwd, encoding: 'utf8' }),
  ) as number[];
}

describe('provider artwork build (decision 0059)', () => {
  const out = mkdtempSync(join(tmpdir(), 'wallet-artwork-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('rasterises every drawing at twice its CSS size: PNG logos, JPEG backgrounds, WebP copies', async () => {
    const first = await buildArtwork(out);
    expect(first).toMatchObject({ built: true, files: 64 });
    // Modest on the wire: all sixteen providers' files together (the copies too) stay under 1.5 MB.
    expect(first.bytes).toBeLessThan(1_500_000);
    const files = readdirSync(out).sort();
    expect(files).toContain('manifest.json');
    for (const source of artworkSources) {
      const logo = source.stem.endsWith('-logo');
      const file = readFileSync(join(out, `${source.stem}.${logo ? 'png' : 'jpg'}`));
      const size = logo ? LOGO_SIZE : BACKGROUND_SIZE;
      const want = { width: size.width * RASTER_SCALE, height: size.height * RASTER_SCALE };
      if (logo) {
        expect(file.subarray(1, 4).toString()).toBe('PNG');
        expect(pngSize(file)).toEqual(want);
      } else {
        expect([...file.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        expect(jpegSize(file)).toEqual(want);
      }
      // The WebP copy: the same size, and smaller than the raster (a logo keeps its alpha).
      const webp = readFileSync(join(out, `${source.stem}.webp`));
      expect(webpSize(webp)).toEqual({ ...want, alpha: logo });
      expect(webp.length).toBeLessThan(file.length);
    }
    // A logo's soft edges are as bright in the copy as in the PNG: resvg's pixels come
    // premultiplied by their alpha, and a copy made from them as they are had them dark.
    const [png, webp] = halfAlphaBrightness(join(out, 'pg-logo.png'), join(out, 'pg-logo.webp'));
    expect(png).toBeGreaterThan(0);
    expect(webp! / png!).toBeGreaterThan(0.9);
    expect(loadRasters(out).size).toBe(64);
    // Unchanged inputs: nothing is rebuilt.
    expect(await buildArtwork(out)).toMatchObject({ built: false, files: 64 });
  }, 120_000);

  it('is deterministic and draws the lettering with the Noto Sans files, not system fonts', async () => {
    const logo = artworkSources.find((s) => s.stem === 'pg-logo')!;
    const once = await rasterise(logo, ART_FONT_FILES);
    const again = await rasterise(logo, ART_FONT_FILES);
    expect([again.raster.equals(once.raster), again.webp.equals(once.webp)]).toEqual([true, true]);
    // Without the font files resvg finds no font and leaves the name out: the bytes differ.
    expect((await rasterise(logo, [])).raster.equals(once.raster)).toBe(false);
    // The same for a JPEG background (sharp's mozjpeg): the same drawing, the same bytes.
    const background = artworkSources.find((s) => s.stem === 'pg-bg')!;
    const jpg = await rasterise(background, ART_FONT_FILES);
    const jpgAgain = await rasterise(background, ART_FONT_FILES);
    expect([jpgAgain.raster.equals(jpg.raster), jpgAgain.webp.equals(jpg.webp)]).toEqual([
      true,
      true,
    ]);
  });

  it('refuses to build without the font files, naming the package', async () => {
    await expect(buildArtwork(out, ['/nonexistent/NotoSans-Bold.ttf'])).rejects.toThrow(
      /fonts-noto-core/,
    );
  });
});
