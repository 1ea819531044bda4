import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of the `x-sandbox-key` header with the configured key. */
export function keyMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const SANDBOX_KEY_HEADER = 'x-sandbox-key';
