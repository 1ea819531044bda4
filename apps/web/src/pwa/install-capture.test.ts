// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, installEvent } from '@/pwa/install-capture';

// public/after-paint.js starts a prerendered page's app after its first paint, so Chromium's
// install event can come first: the script keeps it, and the app takes it when it starts.
const script = readFileSync(
  `${fileURLToPath(new URL('.', `file://${__filename}`))}../../public/after-paint.js`,
  'utf8',
);

/** Runs the script as the page's own tag (entry and preloads named, nothing to start). */
function runAfterPaint() {
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', 'data:text/javascript,');
  tag.setAttribute('data-preload', '');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(script)();
  vi.restoreAllMocks();
}

const installPrompt = () => new Event('beforeinstallprompt', { cancelable: true });

afterEach(() => vi.useRealTimers());

describe('the install event on a prerendered page', () => {
  it('is kept when it comes before the app runs, and the app takes it; later ones go to the app', () => {
    vi.useFakeTimers();
    runAfterPaint();
    const early = installPrompt();
    window.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(installEvent()).toBeNull();

    captureInstallPrompt();
    expect(installEvent()).toBe(early);
    expect(window.__installPrompt).toBeUndefined();

    const later = installPrompt();
    window.dispatchEvent(later);
    expect(installEvent()).toBe(later);
    expect(window.__installPrompt).toBeUndefined();
  });
});
