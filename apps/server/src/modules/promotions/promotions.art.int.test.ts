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

  it('after the build: the JPEG from ARTWORK_DIR, byte for byte, or its WebP copy to a browser that takes WebP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-promo-art-int-'));
    try {
      // Stand-ins for the build's output (promotions.artwork.test.ts checks the rendering).
      const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
      const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), randomBytes(64)]);
      writeFileSync(join(dir, 'promotion-spin.jpg'), jpg);
      writeFileSync(join(dir, 'promotion-spin.webp'), webp);
      const app = await get().rebuild({ artworkDir: dir });
      const url = '/api/promotions/art/spin.jpg';
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(jpg)).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers.vary).toBe('accept');
      // What Chromium's <img> and image preload send.
      const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
      const asWebp = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(asWebp.headers['content-type']).toBe('image/webp');
      expect(asWebp.rawPayload.equals(webp)).toBe(true);
      expect([asWebp.headers.vary, asWebp.headers['cache-control']]).toEqual([
        'accept',
        'public, max-age=86400',
      ]);
      // Each copy has its own ETag: a cached JPEG is not confirmed to a WebP asker.
      expect(asWebp.headers.etag).not.toBe(res.headers.etag);
      const revalidate = (etag: unknown, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': String(etag) } });
      expect((await revalidate(asWebp.headers.etag, { accept })).statusCode).toBe(304);
      expect((await revalidate(res.headers.etag, { accept })).statusCode).toBe(200);
      expect((await revalidate(res.headers.etag)).statusCode).toBe(304);
      // A banner the build has not written yet is still its drawing.
      const other = await app.inject({ method: 'GET', url: '/api/promotions/art/invite.jpg' });
      expect(other.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
