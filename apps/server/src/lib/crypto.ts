import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const randomDigits = (count: number): string =>
  Array.from({ length: count }, () => String(randomInt(10))).join('');

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const randomLetters = (count: number): string =>
  Array.from({ length: count }, () => LETTERS[randomInt(LETTERS.length)]).join('');
