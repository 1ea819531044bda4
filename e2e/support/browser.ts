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
  close(): Promise<void>;
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
    return context;
  };
  return {
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
    close: () => browser.close().catch(() => undefined),
  };
}
