// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// public/after-paint.js starts a prerendered page's app (decision 0155): never before the
// page's first paint is on screen, which is when the browser reports its largest paint
// (Chromium), or after the first frame where it does not report paints (Safari).
const script = readFileSync(
  `${fileURLToPath(new URL('.', `file://${__filename}`))}../../public/after-paint.js`,
  'utf8',
);

const ENTRY = '/assets/index-test.js';

function runAfterPaint() {
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', ENTRY);
  tag.setAttribute('data-preload', '/assets/vendor-test.js');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(script)();
}

/** The app's entry script, once the page has asked for it. */
const appScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].filter(
    (s) => s.getAttribute('src') === ENTRY,
  );

/** A PerformanceObserver that reports the largest paint when the test says so. */
function paintReports(types: string[]) {
  const callbacks: (() => void)[] = [];
  const observed: unknown[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = types;
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {}
    },
  );
  return { observed: () => observed, paint: () => callbacks.forEach((callback) => callback()) };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('after-paint.js: when a prerendered page asks for its app', () => {
  it('where paints are reported: once the largest paint has been, not at the first frame', () => {
    const reports = paintReports(['paint', 'largest-contentful-paint']);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    runAfterPaint();
    expect(reports.observed()).toEqual([{ type: 'largest-contentful-paint', buffered: true }]);
    frames.forEach((cb) => cb(0));
    vi.advanceTimersByTime(500);
    expect(appScripts()).toHaveLength(0);
    reports.paint();
    expect(appScripts()).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(1);
    const preload = document.head.querySelector('link[rel="modulepreload"]');
    expect(preload?.getAttribute('href')).toBe('/assets/vendor-test.js');
    // Started once only.
    vi.advanceTimersByTime(2000);
    expect(appScripts()).toHaveLength(1);
  });

  it('a page that paints nothing (opened in the background) starts after a second anyway', () => {
    paintReports(['largest-contentful-paint']);
    runAfterPaint();
    vi.advanceTimersByTime(999);
    expect(appScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(appScripts()).toHaveLength(1);
  });

  it('where paints are not reported (Safari): after the first frame', () => {
    paintReports(['paint']);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    runAfterPaint();
    expect(appScripts()).toHaveLength(0);
    frames.forEach((cb) => cb(0));
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(1);
  });
});
