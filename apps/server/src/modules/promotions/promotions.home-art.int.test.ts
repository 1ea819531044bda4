// The home carousel's stock slides (issue 26, decision 0134) rasterised through the shared
// pipeline with the Thai and Lao fonts: resvg into a temp folder, so the integration tier
// (issue 27). Their lettering is checked in promotions.home-art.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildArtworkSet } from '../../lib/artwork';
import { jpegSize, webpSize } from '../../../test/image-size';
import { BANNER_SIZE } from './promotions.artwork';
import { HOME_ART_FONT_FILES, HOME_ART_MANIFEST, homeArtSources } from './promotions.home-art';

describe('home carousel stock slides rasterised (decision 0134)', () => {
  const out = mkdtempSync(join(tmpdir(), 'wallet-home-art-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('rasterises the nine slides to 720 x 360 JPEGs with the Thai and Lao fonts', async () => {
    const report = await buildArtworkSet(homeArtSources, out, {
      manifest: HOME_ART_MANIFEST,
      fontFiles: HOME_ART_FONT_FILES,
    });
    expect(report).toMatchObject({ built: true, files: 18 });
    // About 27 KB each (sharp's mozjpeg at 75; jpeg-js at 84 made 53 KB), and about 16 KB as
    // WebP: what a member fetches per slide shown, and the first is the home's Largest
    // Contentful Paint (decision 0161).
    expect(report.bytes).toBeLessThan(9 * 80_000);
    expect(readFileSync(join(out, 'promotion-home-welcome-th.jpg')).length).toBeLessThan(35_000);
    expect(readFileSync(join(out, 'promotion-home-welcome-th.webp')).length).toBeLessThan(20_000);
    for (const source of homeArtSources) {
      const file = readFileSync(join(out, `${source.stem}.jpg`));
      expect(jpegSize(file)).toEqual(BANNER_SIZE);
      const webp = readFileSync(join(out, `${source.stem}.webp`));
      expect(webpSize(webp)).toEqual({ ...BANNER_SIZE, alpha: false });
      expect(webp.length).toBeLessThan(file.length);
    }
    // The lettering is real glyphs: the Thai and Lao pictures differ from each other.
    const th = readFileSync(join(out, 'promotion-home-welcome-th.jpg'));
    const la = readFileSync(join(out, 'promotion-home-welcome-la.jpg'));
    expect(th.equals(la)).toBe(false);
  }, 120_000);
});
