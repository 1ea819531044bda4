// Debian's Chromium driven by playwright-core: one fresh profile per browser, pages sized
// like a small phone (360 x 740), screenshots under e2e/screenshots/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
export const PHONE_VIEWPORT = { width: 360, height: 740 };
export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'screenshots',
);

export interface BrowserSession {
  context: BrowserContext;
  userDataDir: string;
  /** A new tab, 360 x 740, with short default timeouts so failures surface quickly. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface OpenBrowserOptions {
  /** Browser UI locale, e.g. 'th-TH' (the app decides its own language from storage). */
  locale?: string;
  /** Default wait for page actions in ms. */
  timeoutMs?: number;
}

/** Launches Chromium with a fresh user-data dir (no state leaks between tests). */
export async function openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: PHONE_VIEWPORT,
      screen: PHONE_VIEWPORT,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: options.locale ?? 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(
      `Could not launch Chromium at ${CHROMIUM_PATH} (apt-get install chromium): ${String(error)}`,
    );
  }
  const timeout = options.timeoutMs ?? 10_000;
  context.setDefaultTimeout(timeout);
  context.setDefaultNavigationTimeout(timeout * 2);
  return {
    context,
    userDataDir,
    newPage: () => context.newPage(),
    async close() {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh phone-sized page, opened on `url` when given. */
export async function phonePage(session: BrowserSession, url?: string): Promise<Page> {
  const page = await session.newPage();
  await page.setViewportSize(PHONE_VIEWPORT);
  if (url) await page.goto(url);
  return page;
}

/**
 * Saves a PNG as e2e/screenshots/<name>.png and returns its path: the whole page by default,
 * or only what the phone shows (`fullPage: false`).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safe}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** One Chromium for a whole journey file; each test takes fresh, isolated contexts from it. */
export interface SharedBrowser {
  browser: Browser;
  /** A new isolated context (own storage and cookies) sized like a small phone. */
  newContext(options?: OpenBrowserOptions): Promise<BrowserContext>;
  /** A new context with one page in it. */
  newPage(options?: OpenBrowserOptions): Promise<Page>;
  /**
   * After a failed test: prints, for each page still open, its address, what it shows (the
   * test ids in view, the open dialogs) and what went wrong in it (page errors, console
   * errors, failed requests, 5xx answers), and saves what it shows as
   * screenshots/failure-<test>-<n>.png. A failure seen once in CI can then be read from the log.
   */
  reportPages(testName: string): Promise<void>;
  /** Forgets the pages of the test that ended. */
  forgetPages(): void;
  close(): Promise<void>;
}

/** What went wrong in one page, in order, kept for the failure report. */
function watchPage(page: Page, events: string[]) {
  const note = (line: string) => events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 500) note(`answer ${response.status()}: ${response.url()}`);
  });
}

async function describePage(page: Page): Promise<string[]> {
  // A page stuck in a long task would hold the evaluation, and the file with it: 3 s at most.
  const stuck = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error('no answer in 3 s')), 3000).unref();
  });
  const read = page
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    .evaluate(() => {
      const ids = [...document.querySelectorAll('[data-testid]')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
        })
        .map((el) => el.getAttribute('data-testid'));
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map(
        (el) => el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.id,
      );
      return { ids: [...new Set(ids)].slice(0, 60), dialogs };
    });
  const seen = await Promise.race([read, stuck]).catch((error: Error) => ({
    ids: [`(not readable: ${error.message})`],
    dialogs: [] as (string | null)[],
  }));
  return [`  in view: ${seen.ids.join(', ')}`, `  dialogs: ${seen.dialogs.join(', ') || 'none'}`];
}

export async function launchBrowser(): Promise<SharedBrowser> {
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    throw new Error(
      `Could not launch Chromium at ${CHROMIUM_PATH} (apt-get install chromium): ${String(error)}`,
    );
  }
  const pages: { page: Page; events: string[] }[] = [];
  const newContext = async (options: OpenBrowserOptions = {}) => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      screen: PHONE_VIEWPORT,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: options.locale ?? 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    const timeout = options.timeoutMs ?? 10_000;
    context.setDefaultTimeout(timeout);
    context.setDefaultNavigationTimeout(timeout * 2);
    context.on('page', (page) => {
      const events: string[] = [];
      watchPage(page, events);
      pages.push({ page, events });
    });
    return context;
  };
  return {
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
    async reportPages(testName) {
      const open = pages.filter(({ page }) => !page.isClosed());
      const lines = [`--- pages open when "${testName}" failed: ${open.length}`];
      for (const [n, { page, events }] of open.entries()) {
        lines.push(`page ${n + 1}: ${page.url()}`, ...(await describePage(page)));
        lines.push(...events.slice(-15).map((event) => `  ${event}`));
        const file = await screenshot(page, `failure-${testName.slice(0, 60)}-${n + 1}`, {
          fullPage: false,
        }).catch((error: Error) => `(none: ${error.message.split('\n')[0]})`);
        lines.push(`  screenshot: ${file}`);
      }
      console.error(lines.join('\n'));
    },
    forgetPages: () => void pages.splice(0),
    close: () => browser.close().catch(() => undefined),
  };
}
