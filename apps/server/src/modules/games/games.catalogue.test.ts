import { providerCategory, providerCodes } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { artworkFiles, artworkSources, BACKGROUND_SIZE, LOGO_SIZE } from './games.artwork';
import { catalogue, findProvider, providerLinks } from './games.catalogue';
import { openPassword, sealPassword } from './games.credentials';

describe('provider catalogue', () => {
  it('has every contract code once, with the contract category, in contract order', () => {
    expect(catalogue.map((e) => e.code)).toEqual([...providerCodes]);
    for (const entry of catalogue) {
      expect(entry.category).toBe(providerCategory[entry.code]);
      expect(entry.name.length).toBeGreaterThan(1);
      expect([0.5, 1, 2]).toContain(entry.ftWalletSlot);
    }
    expect(findProvider('PG')?.name).toBe('PG Soft');
    expect(findProvider('pg')).toBeUndefined();
    expect(findProvider('WALLET')).toBeUndefined();
  });

  it('names the eleven /api/autoLogin routes of the spec', () => {
    const routes = catalogue.filter((e) => e.autoLogin).map((e) => e.autoLogin!.path);
    expect(routes.sort()).toEqual(
      [
        'pg',
        'betflix',
        'askmebet',
        'imi',
        'usun',
        'areaslot',
        'circus',
        'slotracha',
        'pgslot',
        'joker2',
        'huayhd',
      ].sort(),
    );
    for (const e of catalogue) if (e.autoLogin) expect(e.autoLogin.path).toBe(e.code.toLowerCase());
  });

  it('builds links from the public provider URL, null where there is no app', () => {
    const links = providerLinks(findProvider('IMI')!, 'http://10.0.0.2:3100');
    expect(links).toEqual({
      web: 'http://10.0.0.2:3100/provider?code=IMI',
      android: null,
      ios: null,
    });
    expect(providerLinks(findProvider('PG')!, 'http://h').android).toBe(
      'http://h/provider?code=PG#android',
    );
  });

  it('draws 32 distinct self-contained SVG scenes, a logo and a background per provider', () => {
    expect(artworkSources.map((a) => a.stem)).toEqual(
      providerCodes.flatMap((code) => [`${code.toLowerCase()}-logo`, `${code.toLowerCase()}-bg`]),
    );
    expect(new Set(artworkSources.map((a) => a.svg)).size).toBe(32);
    for (const art of artworkSources) {
      const size = art.stem.endsWith('-logo') ? LOGO_SIZE : BACKGROUND_SIZE;
      expect(art.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(art.svg).toContain(`viewBox="0 0 ${size.width} ${size.height}"`);
      // No external references, no scripts: the only URL is the SVG namespace.
      expect(art.svg.match(/https?:\/\//g)).toEqual(['http://']);
      expect(art.svg).not.toMatch(/<script|href=|on\w+=/i);
      expect(art.svg.length).toBeLessThan(12_000);
    }
    // The logo carries the provider's name as lettering.
    expect(artworkSources[0]!.svg).toContain('>JOKER</text>');
  });

  it('serves the drawings under the raster names until the build has run', () => {
    const files = artworkFiles(new Map());
    expect(files.size).toBe(64);
    expect(files.get('pg-logo.png')?.contentType).toBe('image/svg+xml; charset=utf-8');
    expect(files.get('pg-bg.jpg')?.body).toBe(files.get('pg-bg.svg')?.body);
    const built = artworkFiles(new Map([['pg-bg.jpg', Buffer.from([0xff, 0xd8, 0xff])]]));
    expect(built.get('pg-bg.jpg')?.contentType).toBe('image/jpeg');
    expect(built.get('pg-logo.png')?.contentType).toBe('image/svg+xml; charset=utf-8');
    expect(built.get('pg-bg.svg')?.contentType).toBe('image/svg+xml; charset=utf-8');
  });
});

describe('game credentials at rest', () => {
  const key = 'ab'.repeat(32);
  const account = { providerCode: 'PG', username: 'pg000001' };

  it('seals and opens a password; another account, key or a changed byte does not open', () => {
    const sealed = sealPassword(key, account, 'Secret-123');
    expect(sealed).not.toContain('Secret');
    expect(sealed).not.toBe(sealPassword(key, account, 'Secret-123'));
    expect(openPassword(key, account, sealed)).toBe('Secret-123');
    expect(() => openPassword(key, { ...account, username: 'pg000002' }, sealed)).toThrow();
    expect(() => openPassword('cd'.repeat(32), account, sealed)).toThrow();
    // One bit of the ciphertext flipped (editing the base64 text may change only unused bits).
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => openPassword(key, account, tampered)).toThrow();
    expect(() => openPassword(key, account, 'plain')).toThrow();
  });
});
