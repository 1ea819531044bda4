// Signed, expiring links to a stored slip image (docs/decisions/0029-signed-slip-links.md),
// through the shared signed-link mechanism (lib/signed-link.ts). The browser opens them in
// a new tab, where it sends neither our bearer token nor the wallet-user header, so the
// link itself carries the proof: HMAC-SHA256 over the slip's reference and the expiry.
import type { LinkCheck, LinkKind } from '../../lib/signed-link';
import { checkLink, signLink } from '../../lib/signed-link';

export type { LinkCheck } from '../../lib/signed-link';

export const SLIP_IMAGE_PATH = '/static/slips/:ref';

// An operator's link (decision 0091) names its viewer (`operator:<id>`) and the signature
// covers it: the same mechanism, a shorter life, and the image route logs who looked.
const SLIP_LINK: LinkKind = {
  purpose: 'slip-image',
  base: '/static/slips',
  viewer: /^operator:\d{1,12}$/,
};

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
  return signLink(SLIP_LINK, secret, ref, now, ttlSeconds, viewer);
}

/**
 * `ttlSeconds` is the longest lifetime this server hands out: a link expiring later than
 * that from now was not signed here (a forged or far-future link), so it is refused.
 */
export function checkSlipLink(
  secret: string,
  ref: string,
  expires: unknown,
  sig: unknown,
  now: Date,
  ttlSeconds: number,
  viewer?: unknown,
): LinkCheck {
  return checkLink(SLIP_LINK, secret, ref, { expires, sig, viewer }, now, ttlSeconds);
}
