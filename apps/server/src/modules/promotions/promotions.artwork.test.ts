import { describe, expect, it } from 'vitest';
import { drawBanner, promotionArtNames } from './promotions.artwork';

// The banners' drawings; their rasterising (resvg, a temp folder) is in the integration tier,
// promotions.artwork.int.test.ts (issue 27).
describe('promotion banners (decision 0077)', () => {
  it('draws the seven banners as self-contained SVG with no lettering', () => {
    expect(promotionArtNames).toEqual([
      'bonus-welcome',
      'bonus-daily',
      'bonus-weekly',
      'promo-code',
      'invite',
      'refund',
      'spin',
    ]);
    const drawings = promotionArtNames.map(drawBanner);
    for (const svg of drawings) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="720" height="360"/);
      // Nothing to translate, nothing fetched, nothing run.
      expect(svg).not.toMatch(/<text|<image|href=|<script|url\((?!#)/);
    }
    // Every banner is its own picture.
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});
