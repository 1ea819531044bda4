// Server-signed guest ids for visitors' chat (issue 14, decision 0095): `g.<random>.<mac>`.
// The random part (16 bytes) names the visitor; the HMAC over it proves the server minted it,
// so a visitor cannot choose or guess another visitor's id (and with it their room and
// history). Stateless: nothing is stored until the visitor's first message.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PATTERN = /^g\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

function mac(secret: string, id: string): string {
  // 16 bytes of HMAC-SHA256 (128 bits) are plenty against forgery and keep ids short.
  return createHmac('sha256', secret)
    .update(`chat-guest:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A new guest id (47 characters). */
export function mintGuestId(secret: string): string {
  const id = randomBytes(16).toString('base64url');
  return `g.${id}.${mac(secret, id)}`;
}

/** True when `text` is a guest id this server (this secret) minted. */
export function verifyGuestId(secret: string, text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = PATTERN.exec(text);
  if (!match) return false;
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
