import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { promotionArtNames } from './promotions.artwork';

// The promotion banners at /api/promotions/art/<name>.jpg (decision 0077). Loaded by an
// <img>, so no member header and no token; cacheable unlike the rest of /api.
forEachDialect('promotions: banner artwork', (get) => {
  describe('before the build', () => {
    it('serves every banner as its SVG drawing, cacheable, without the member header', async () => {
      const t = get();
      for (const name of promotionArtNames) {
        for (const url of [`/api/promotions/art/${name}.jpg`, `/api/promotions/art/${name}.svg`]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
          expect(res.headers['cache-control']).toBe('public, max-age=86400');
          expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
          const cached = await t.app.inject({
            method: 'GET',
            url,
            headers: { 'if-none-match': String(res.headers.etag) },
          });
          expect(cached.statusCode).toBe(304);
        }
      }
    });

    it('404s an unknown banner, and the rest of /api still wants the member header', async () => {
      const t = get();
      for (const url of [
        '/api/promotions/art/nope.jpg',
        '/api/promotions/art/promotion-invite.jpg',
        '/api/promotions/art/invite.png',
        '/api/promotions/art/',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      const wallet = await t.app.inject({ method: 'GET', url: '/api/wallet' });
      expect([wallet.statusCode, wallet.json()]).toEqual([401, { message: 'INVALID_USER_1' }]);
      expect(wallet.headers['cache-control']).toBe('no-store');
    });
  });

  it('after the build: the JPEG from ARTWORK_DIR, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-promo-art-int-'));
    try {
      // A stand-in for the build's output (promotions.artwork.test.ts checks the rendering).
      const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
      writeFileSync(join(dir, 'promotion-spin.jpg'), jpg);
      const app = await get().rebuild({ artworkDir: dir });
      const res = await app.inject({ method: 'GET', url: '/api/promotions/art/spin.jpg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(jpg)).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      // A banner the build has not written yet is still its drawing.
      const other = await app.inject({ method: 'GET', url: '/api/promotions/art/invite.jpg' });
      expect(other.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
