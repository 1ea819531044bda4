import { randomInt } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `length` characters from a CSPRNG: ids that double as capabilities (gift hashes). */
export function randomAlnum(length: number, alphabet: 'mixed' | 'upper' = 'mixed'): string {
  const chars = alphabet === 'mixed' ? ALNUM : UPPER_ALNUM;
  let out = '';
  for (let i = 0; i < length; i += 1) out += chars[randomInt(chars.length)];
  return out;
}
