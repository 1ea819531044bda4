// Signed, expiring links to a stored slip image (docs/decisions/0029-signed-slip-links.md).
// The browser opens them in a new tab, where it sends neither our bearer token nor the
// wallet-user header, so the link itself carries the proof: HMAC-SHA256 over the slip's
// reference and the expiry, with a server-side key. The route that serves them checks the
// signature in constant time and refuses expired ones.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SLIP_IMAGE_PATH = '/static/slips/:ref';

// An operator's link (decision 0091) names its viewer (`operator:<id>`) and the signature
// covers it: the same mechanism, a shorter life, and the image route logs who looked.
function signature(secret: string, ref: string, expires: number, viewer?: string): string {
  const text = viewer ? `slip-image:${ref}:${expires}:${viewer}` : `slip-image:${ref}:${expires}`;
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** A viewer name as links carry it: `operator:<id>`. */
const VIEWER = /^operator:\d{1,12}$/;

/** How long an operator's link lives, at most (decision 0091). */
export const OPERATOR_LINK_TTL_S = 300;

/**
 * `/static/slips/<ref>?expires=<unix s>&sig=<base64url>`, valid for `ttlSeconds`; with a
 * viewer (`operator:<id>`), `&viewer=<viewer>` too, signed with it.
 */
export function signedSlipLink(
  secret: string,
  ref: string,
  now: Date,
  ttlSeconds: number,
  viewer?: string,
): string {
  if (viewer !== undefined && !VIEWER.test(viewer)) throw new Error(`bad viewer ${viewer}`);
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    ...(viewer ? { viewer } : {}),
    sig: signature(secret, ref, expires, viewer),
  });
  return `/static/slips/${encodeURIComponent(ref)}?${query.toString()}`;
}

export type LinkCheck = 'valid' | 'bad' | 'expired';

/** Clock difference tolerated between the processes of one deployment. */
const CLOCK_SKEW_S = 60;

/**
 * `ttlSeconds` is the longest lifetime this server hands out: a link expiring later than
 * that from now was not signed here (a forged or far-future link), so it is refused.
 */
export function checkSlipLink(
  secret: string,
  ref: string,
  expiresText: unknown,
  sig: unknown,
  now: Date,
  ttlSeconds: number,
  viewer?: unknown,
): LinkCheck {
  if (typeof expiresText !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expiresText))
    return 'bad';
  if (viewer !== undefined && (typeof viewer !== 'string' || !VIEWER.test(viewer))) return 'bad';
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, ref, expires, viewer as string | undefined));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  if (expires > Math.floor(now.getTime() / 1000) + ttlSeconds + CLOCK_SKEW_S) return 'bad';
  return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
}
