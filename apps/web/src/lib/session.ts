// The member session held by the browser (spec section 2, "Login"): the token lives in
// localStorage when remember-me is chosen, otherwise in sessionStorage (gone with the tab).
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
