// Signed, expiring links to private stored files (decisions 0029, 0091, 0099): the one home
// of the mechanism that slip images and chat attachments share. A browser opens such a link
// in an <img>, a <video> or a new tab, where it sends neither our bearer token nor the
// wallet-user header, so the link itself carries the proof: HMAC-SHA256 over the purpose,
// the subject (a slip reference, a chat file key), the expiry and, when the link names one,
// its viewer, with a server-side key. The purpose keeps the link kinds apart: a slip link
// can never be read as a chat link, even under the same key. The route that serves a link
// checks the signature in constant time and refuses expired ones.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkKind {
  /** Prefix of the signed text: `slip-image`, `chat-file`. */
  purpose: string;
  /** The path before the subject: `/static/slips`. */
  base: string;
  /** What a viewer name must look like (`operator:<id>`); a link without one has none. */
  viewer: RegExp;
}

export type LinkCheck = 'valid' | 'bad' | 'expired';

/** Clock difference tolerated between the processes of one deployment. */
const CLOCK_SKEW_S = 60;

function signature(
  secret: string,
  kind: LinkKind,
  subject: string,
  expires: number,
  viewer?: string,
): string {
  const text = viewer
    ? `${kind.purpose}:${subject}:${expires}:${viewer}`
    : `${kind.purpose}:${subject}:${expires}`;
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/**
 * `<base>/<subject>?expires=<unix s>&sig=<base64url>`, valid for `ttlSeconds`; with a
 * viewer, `&viewer=<viewer>` too, signed with it.
 */
export function signLink(
  kind: LinkKind,
  secret: string,
  subject: string,
  now: Date,
  ttlSeconds: number,
  viewer?: string,
): string {
  if (viewer !== undefined && !kind.viewer.test(viewer)) throw new Error(`bad viewer ${viewer}`);
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    ...(viewer ? { viewer } : {}),
    sig: signature(secret, kind, subject, expires, viewer),
  });
  return `${kind.base}/${encodeURIComponent(subject)}?${query.toString()}`;
}

/**
 * Checks a link's query values (as the request gave them: anything). `ttlSeconds` is the
 * longest lifetime this server hands out: a link expiring later than that from now was not
 * signed here (a forged or far-future link), so it is refused.
 */
export function checkLink(
  kind: LinkKind,
  secret: string,
  subject: string,
  query: { expires?: unknown; sig?: unknown; viewer?: unknown },
  now: Date,
  ttlSeconds: number,
): LinkCheck {
  const { expires: expiresText, sig, viewer } = query;
  if (typeof expiresText !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expiresText))
    return 'bad';
  if (viewer !== undefined && (typeof viewer !== 'string' || !kind.viewer.test(viewer)))
    return 'bad';
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, kind, subject, expires, viewer as string));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  if (expires > Math.floor(now.getTime() / 1000) + ttlSeconds + CLOCK_SKEW_S) return 'bad';
  return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** Seconds a valid link has left (for the answer's cache lifetime). */
export function secondsLeft(expiresText: unknown, now: Date): number {
  return Math.max(0, Number(expiresText) - Math.floor(now.getTime() / 1000));
}
