import { describe, expect, it } from 'vitest';
import { PRODUCTION_ARGON2 } from '../../config';
import { PasswordHasher } from './auth.password';
import { bearerToken, maskUsername } from './auth.service';

describe('PasswordHasher', () => {
  it('hashes with Argon2id at the production parameters and verifies', async () => {
    const hasher = new PasswordHasher(PRODUCTION_ARGON2);
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
    expect(await hasher.hash('correct horse')).not.toBe(hash); // salted
  });

  it('refuses with REQUEST_LIMIT when too many hashes wait', async () => {
    const hasher = new PasswordHasher({
      ...PRODUCTION_ARGON2,
      memoryCost: 64,
      timeCost: 1,
      maxConcurrent: 1,
      maxQueue: 1,
    });
    const results = await Promise.allSettled([
      hasher.hash('a'),
      hasher.hash('b'),
      hasher.hash('c'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const reason = (results[2] as PromiseRejectedResult).reason as {
      code: string;
      statusCode: number;
    };
    expect([reason.code, reason.statusCode]).toEqual(['REQUEST_LIMIT', 429]);
  });
});

describe('auth helpers', () => {
  it('reads only well-formed bearer tokens', () => {
    const token = 'A'.repeat(43);
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBeUndefined();
    expect(bearerToken(`Bearer ${token} extra`)).toBeUndefined();
    expect(bearerToken('Bearer short')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('masks phone numbers for logs', () => {
    expect(maskUsername('0812345678')).toBe('081****78');
    expect(maskUsername('123')).toBe('****');
  });
});
