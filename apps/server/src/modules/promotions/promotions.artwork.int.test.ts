import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ART_FONT_FILES, buildArtworkSet, loadRasterSet, rasterise } from '../../lib/artwork';
import {
  BANNER_SIZE,
  PROMOTION_ART_MANIFEST,
  promotionArtNames,
  promotionArtSources,
} from './promotions.artwork';

import { jpegSize, webpSize } from '../../../test/image-size';

// Rasterising the banners with resvg into a temp folder: integration tier (issue 27); their
// drawings are checked in promotions.artwork.test.ts.
describe('promotion banners rasterised (decision 0077)', () => {
  const out = mkdtempSync(join(tmpdir(), 'wallet-promo-art-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('rasterises every banner to a 720 x 360 JPEG through the shared pipeline', async () => {
    const first = await buildArtworkSet(promotionArtSources, out, {
      manifest: PROMOTION_ART_MANIFEST,
    });
    expect(first).toMatchObject({ built: true, files: 14 });
    // Light on a member's phone: all seven with their WebP copies stay under 400 KB.
    expect(first.bytes).toBeLessThan(400_000);
    for (const name of promotionArtNames) {
      const file = readFileSync(join(out, `promotion-${name}.jpg`));
      expect(file.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      expect(jpegSize(file)).toEqual(BANNER_SIZE);
      const webp = readFileSync(join(out, `promotion-${name}.webp`));
      expect(webpSize(webp)).toEqual({ ...BANNER_SIZE, alpha: false });
    }
    // Its own manifest: the provider artwork's manifest.json in the same folder is another set's.
    expect(readdirSync(out).sort()).toContain(PROMOTION_ART_MANIFEST);
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    expect(loadRasterSet(promotionArtSources, out).size).toBe(14);
    expect(
      await buildArtworkSet(promotionArtSources, out, { manifest: PROMOTION_ART_MANIFEST }),
    ).toMatchObject({ built: false, files: 14 });
  }, 120_000);

  it('is deterministic', async () => {
    const spin = promotionArtSources.find((s) => s.stem === 'promotion-spin')!;
    const [once, again] = await Promise.all([
      rasterise(spin, ART_FONT_FILES),
      rasterise(spin, ART_FONT_FILES),
    ]);
    expect([once.raster.equals(again.raster), once.webp.equals(again.webp)]).toEqual([true, true]);
  });
});
