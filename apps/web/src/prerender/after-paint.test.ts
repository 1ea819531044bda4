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

function runAfterPaint(preload = ['/assets/vendor-test.js']) {
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', ENTRY);
  tag.setAttribute('data-preload', preload.join(' '));
  tag.setAttribute('data-manifest', '/manifest.webmanifest');
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
  const callbacks: ((list: { getEntries: () => { url: string }[] }) => void)[] = [];
  const observed: unknown[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = types;
      constructor(callback: (list: { getEntries: () => { url: string }[] }) => void) {
        callbacks.push(callback);
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {}
    },
  );
  return {
    observed: () => observed,
    /** A largest-paint report (by default of text: an entry without a URL). */
    paint: (url = '') => callbacks.forEach((callback) => callback({ getEntries: () => [{ url }] })),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
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

  it('a page whose first screen shows a high-priority image (the home banner): once that image has painted', () => {
    const reports = paintReports(['largest-contentful-paint']);
    document.getElementById('root')!.innerHTML =
      '<img src="/art/banner.jpg" fetchpriority="high"><img src="/art/later.jpg">';
    runAfterPaint();
    // The text around it paints first: its scripts would share the link with the image.
    reports.paint();
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(0);
    reports.paint(`${location.origin}/art/later.jpg`);
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(0);
    reports.paint(`${location.origin}/art/banner.jpg`);
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(1);
  });

  it('a high-priority image below the first screen is not waited for', () => {
    const reports = paintReports(['largest-contentful-paint']);
    document.getElementById('root')!.innerHTML = '<img src="/art/banner.jpg" fetchpriority="high">';
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: window.innerHeight + 40,
    } as DOMRect);
    runAfterPaint();
    reports.paint();
    vi.advanceTimersByTime(0);
    expect(appScripts()).toHaveLength(1);
  });

  it("notes a tap on the server's home before the app has taken it over, and keeps it from doing anything", () => {
    paintReports(['largest-contentful-paint']);
    document.getElementById('root')!.outerHTML =
      '<div id="root" data-prerendered="home"><button data-testid="tile-deposit"><span>Deposit</span></button><a href="/user/profile" data-testid="nav-profile">Profile</a></div>';
    runAfterPaint();
    const root = document.getElementById('root')!;
    const tap = (el: Element) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(tap(root.querySelector('span')!)).toBe(true);
    expect(root.getAttribute('data-tap-pending')).toBe('tile-deposit');
    // A link is not followed (the whole app would load again): noted too.
    expect(tap(root.querySelector('a')!)).toBe(true);
    expect(root.getAttribute('data-tap-pending')).toBe('nav-profile');
    // Once the app has the page, taps are its own.
    root.removeAttribute('data-prerendered');
    expect(tap(root.querySelector('a')!)).toBe(false);
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

  it('asks for the scripts in slices of about 20 ms, each a task of its own, the entry last', () => {
    paintReports(['largest-contentful-paint']);
    const chunks = ['a', 'b', 'c', 'd', 'e'].map((name) => `/assets/${name}.js`);
    runAfterPaint(chunks);
    // Each request asked for costs this phone 8 ms of its main thread (the clock moves, no
    // timer runs).
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      vi.setSystemTime(Date.now() + 8);
      return append(node);
    });
    const asked = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
        (el) => el.getAttribute('href') ?? el.getAttribute('src'),
      );
    vi.advanceTimersByTime(1000);
    expect(asked()).toEqual(chunks.slice(0, 3));
    // The next slice, in the next task.
    vi.advanceTimersToNextTimer();
    expect(asked()).toEqual([...chunks, ENTRY]);
  });

  it('links the web app manifest once it starts the app, not with the page', () => {
    const reports = paintReports(['largest-contentful-paint']);
    runAfterPaint();
    const manifests = () => document.head.querySelectorAll('link[rel="manifest"]');
    expect(manifests()).toHaveLength(0);
    reports.paint();
    vi.advanceTimersByTime(0);
    expect(manifests()).toHaveLength(1);
    expect(manifests()[0]!.getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('links no second manifest where the page has one', () => {
    paintReports(['largest-contentful-paint']);
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    runAfterPaint();
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(appScripts()).toHaveLength(1);
  });
});
