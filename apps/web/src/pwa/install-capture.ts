// In the entry (decision 0151), because Chromium fires `beforeinstallprompt` once, soon after
// the page loads, and a listener added later misses it: keeps that event for the install
// button (home and profile) instead of Chromium's own mini bar, and counts this browser's
// sessions so nothing is offered on a first visit.
import { storageKeys } from '@/config/storage-keys';
import { readItem, writeItem } from '@/lib/storage';

/** Chromium's install event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** The event public/after-paint.js kept on a prerendered page before the app ran. */
    __installPrompt?: InstallPromptEvent;
    /** Set once the app listens itself: the early script then leaves the event to it. */
    __installPromptTaken?: boolean;
  }
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** Called once by main.tsx before the first render. */
export function captureInstallPrompt(): void {
  if (readItem('session', storageKeys.appVisitCounted) === null) {
    writeItem('session', storageKeys.appVisitCounted, '1');
    writeItem('local', storageKeys.appVisits, String(appVisits() + 1));
  }
  // A prerendered page's early script may have kept it already (public/after-paint.js).
  deferred = window.__installPrompt ?? null;
  delete window.__installPrompt;
  window.__installPromptTaken = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    writeItem('local', storageKeys.installDismissed, 'installed');
    listeners.forEach((listener) => listener());
  });
}

/** Sessions in which this browser opened the app (this one included). */
export function appVisits(): number {
  const count = Number(readItem('local', storageKeys.appVisits));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** The kept install event, if Chromium offered one; it can be used once. */
export function installEvent(): InstallPromptEvent | null {
  return deferred;
}

export function forgetInstallEvent(): void {
  deferred = null;
  listeners.forEach((listener) => listener());
}

export function onInstallEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
