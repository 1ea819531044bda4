import { describe, expect, it } from 'vitest';
import { mintGuestId, verifyGuestId } from './guest-id';

const SECRET = 'a'.repeat(16) + 'b'.repeat(16);

describe('guest ids (decision 0095)', () => {
  it('verifies what it minted, and each id is new', () => {
    const a = mintGuestId(SECRET);
    const b = mintGuestId(SECRET);
    expect(a).toMatch(/^g\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(b);
    expect(verifyGuestId(SECRET, a)).toBe(true);
  });

  it('refuses another key, a changed id or mac, and anything malformed', () => {
    const id = mintGuestId(SECRET);
    expect(verifyGuestId('c'.repeat(32), id)).toBe(false);
    const [, random, mac] = id.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(verifyGuestId(SECRET, `g.${flip(random)}.${mac}`)).toBe(false);
    expect(verifyGuestId(SECRET, `g.${random}.${flip(mac)}`)).toBe(false);
    for (const bad of [undefined, null, 42, '', 'g..', `g.${random}`, `${id}x`, id.toUpperCase()])
      expect(verifyGuestId(SECRET, bad)).toBe(false);
  });
});
