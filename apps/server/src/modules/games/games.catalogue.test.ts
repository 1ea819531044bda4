import { providerCategory, providerCodes } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { artwork } from './games.artwork';
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

  it('draws 32 distinct SVG files', () => {
    expect(artwork.size).toBe(32);
    const bodies = new Set([...artwork.values()].map((a) => a.body));
    expect(bodies.size).toBe(32);
    for (const [file, art] of artwork) {
      expect(file).toMatch(/^[a-z0-9]+-(logo|bg)\.svg$/);
      expect(art.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    }
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
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openPassword(key, account, tampered)).toThrow();
    expect(() => openPassword(key, account, 'plain')).toThrow();
  });
});
