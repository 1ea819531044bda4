import { describe, expect, it } from 'vitest';
import { inviteLink } from '@/features/home/lib/promo';

describe('inviteLink', () => {
  it('is {origin}/register?code=PR{memberNo} (spec section 2)', () => {
    expect(inviteLink('https://wallet.example', '10001')).toBe(
      'https://wallet.example/register?code=PR10001',
    );
    expect(inviteLink('http://127.0.0.1:3300/', '7')).toBe(
      'http://127.0.0.1:3300/register?code=PR7',
    );
  });
});
