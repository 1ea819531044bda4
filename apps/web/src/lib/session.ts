// The member session held by the browser (spec section 2, "Login"): the token lives in
// localStorage when remember-me is chosen, otherwise in sessionStorage (gone with the tab).
import { HOME_COOKIE, HOME_COOKIE_MARK } from '@wallet/contract/client';
import { storageKeys } from '@/config/storage-keys';
import { readItem, removeItem, writeItem } from '@/lib/storage';

export function getToken(): string | null {
  return readItem('session', storageKeys.token) ?? readItem('local', storageKeys.token);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function storeToken(token: string, remember: boolean): void {
  removeItem('local', storageKeys.token);
  removeItem('session', storageKeys.token);
  writeItem(remember ? 'local' : 'session', storageKeys.token, token);
  syncHomeCookie();
}

/** How long the home cookie lives: a remembered session has no end in the browser either. */
const HOME_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** The home cookie's token as this page sees it (only under /user/home), or null. */
export function homeCookieToken(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${HOME_COOKIE}=([^;]*)`).exec(document.cookie);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The home cookie follows the remembered session (decision 0159): the token kept in
 * localStorage ("remember me") is copied into it, sent only with `GET /user/home`, so the
 * server can render the home with the balance and banners in its first HTML. A session kept
 * for the tab only (sessionStorage) gets none: a cookie outlives the tab, and the next person
 * to open the phone's browser must not be shown that member's home. Called when the token is
 * stored or cleared and at every start.
 */
export function syncHomeCookie(): void {
  const token = readItem('session', storageKeys.token)
    ? null
    : readItem('local', storageKeys.token);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const attributes = `; Path=/user/home; SameSite=Strict${secure}`;
  // Written either way: a page sees the cookie only under its Path, so it cannot tell.
  document.cookie = token
    ? `${HOME_COOKIE}=${encodeURIComponent(token)}${attributes}; Max-Age=${HOME_COOKIE_MAX_AGE_S}`
    : `${HOME_COOKIE}=${attributes}; Max-Age=0`;
  // Its mark, which the service worker can read (pwa/sw.ts): no network first without it.
  document.cookie = `${HOME_COOKIE_MARK}=${token ? `1; Max-Age=${HOME_COOKIE_MAX_AGE_S}` : '; Max-Age=0'}; Path=/; SameSite=Strict${secure}`;
}

const clearedListeners = new Set<() => void>();

/** Runs when the session is cleared (the app drops its cached member data then). */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Clears the token, last_sync and the remember-agreement flag (spec: logout). */
export function clearSession(): void {
  for (const kind of ['local', 'session'] as const) {
    removeItem(kind, storageKeys.token);
    removeItem(kind, storageKeys.lastSync);
    removeItem(kind, storageKeys.rememberAgreement);
  }
  syncHomeCookie();
  clearedListeners.forEach((listener) => listener());
}

export function markTerminated(): void {
  writeItem('local', storageKeys.terminated, 'gone');
}

export function clearTerminated(): void {
  removeItem('local', storageKeys.terminated);
}

export function isMarkedTerminated(): boolean {
  return readItem('local', storageKeys.terminated) === 'gone';
}
