// The service worker's rules (decision 0150), pure so they have one home and unit tests: which
// request the worker answers and how, what a push message must carry, and where a tap on a
// notification may lead. `sw.ts` only wires these to Workbox. The push message's shape and
// its reader are the contract's (`@wallet/contract/client`), shared with the server.
import type { PushPayload } from '@wallet/contract/client';

/**
 * - `home`: a navigation to the member home: the page the server renders for a remembered
 *   member (decision 0159), the balance and banners in it, when the network answers within
 *   HOME_NETWORK_MS; else (offline, a slow link) the precached shell, as for any page.
 * - `shell`: a page navigation: the precached index.html (the shell renders from the phone).
 *   Not for a path that names a file (`/favicon.svg`): that is the file.
 * - `precache`: a file of the build (hashed assets, icons): from the precache when listed there.
 * - `static-cache`: artwork (game providers, promotion banners), the one truly static thing
 *   the server sends: kept.
 * - `network-only`: the worker does not answer; the browser asks the network, nothing is kept.
 *   Every API call (balances, statements, every money answer), every non-GET, other origins,
 *   the operator console, sockets and member files (slips, chat uploads).
 */
export type Rule = 'home' | 'shell' | 'precache' | 'static-cache' | 'network-only';

/** How long the worker waits for the member home's page before it answers with the shell. */
export const HOME_NETWORK_MS = 3_000;

/** The member home's path (`/user/home`, as the server and the router match it). */
const HOME_PATH = /^\/user\/home\/?$/i;

export interface RequestFacts {
  method: string;
  /** Absolute URL of the request. */
  url: string;
  /** `request.mode` ('navigate' for a page load). */
  mode: string;
}

/** Paths the worker never answers (prefix match on the path). */
const NEVER = ['/api/', '/socket.io/', '/console/', '/static/'];
const NEVER_EXACT = ['/api', '/socket.io', '/console', '/static', '/sw.js'];
/**
 * Artwork, the same for every visitor (a WebP copy to a browser that takes it, under
 * `Vary: Accept`: decision 0161) and never money: the game providers' pictures
 * (`/static/providers/:file`) and the promotion banners drawn by the server
 * (`/api/promotions/art/:file`, public, decision 0077). Nothing else under /api or /static.
 */
const ARTWORK = ['/static/providers/', '/api/promotions/art/'];

export function decide(request: RequestFacts, origin: string): Rule {
  if (request.method.toUpperCase() !== 'GET') return 'network-only';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network-only';
  }
  if (url.origin !== origin) return 'network-only';
  const path = url.pathname;
  if (ARTWORK.some((dir) => path.startsWith(dir) && /^[\w.-]+$/.test(path.slice(dir.length))))
    return 'static-cache';
  if (NEVER_EXACT.includes(path) || NEVER.some((prefix) => path.startsWith(prefix)))
    return 'network-only';
  // Dot paths are build internals the server refuses (decision 0048).
  if (/(^|\/)\./.test(path)) return 'network-only';
  // A page of the app, not a file: a navigation to /favicon.svg or a how-to video is the file
  // (the shell there started the app on a page that does not exist, and its first act, storing
  // the language, overwrote what another tab had just stored).
  if (request.mode === 'navigate' && HOME_PATH.test(path)) return 'home';
  if (request.mode === 'navigate' && !/\.\w+$/.test(path)) return 'shell';
  return 'precache';
}

/** The BCP 47 tag of a notification's language (`la` is the app's code for Lao, `lo`). */
export function notificationLang(lang: PushPayload['lang']): string {
  return lang === 'la' ? 'lo' : lang;
}

export const NOTIFICATION_FALLBACK = '/user/home';

/**
 * Where a tap on a notification leads: the payload's path when it is a same-origin app page
 * (not the API, not the console, no other host), else the member home. Answers an absolute
 * URL on `origin`.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const fallback = new URL(NOTIFICATION_FALLBACK, origin).href;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return fallback;
  if (/[\\\s]/.test(url)) return fallback;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  const page = decide({ method: 'GET', url: target.href, mode: 'navigate' }, origin);
  if (page !== 'shell' && page !== 'home') return fallback;
  return target.href;
}

/** What `renewSubscription` needs of the registration's PushManager. */
export interface SubscriptionManager {
  getSubscription(): Promise<unknown>;
  subscribe(options: PushSubscriptionOptionsInit): Promise<unknown>;
}

/**
 * The worker's answer to `pushsubscriptionchange` (the push service renewed or dropped this
 * device's subscription): when the device has none any more, it subscribes again with the
 * key of the one that ended. The worker cannot tell the server (the session's token is the
 * page's); the member shell sends the device again at the app's next start
 * (push-device.ts `sendDeviceAgain`). Answers whether it subscribed.
 */
export async function renewSubscription(
  pushManager: SubscriptionManager,
  ended: { options?: { applicationServerKey?: ArrayBuffer | null } } | null | undefined,
): Promise<boolean> {
  if (await pushManager.getSubscription()) return false;
  const key = ended?.options?.applicationServerKey;
  if (!key) return false;
  await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return true;
}
