// Debian's Chromium driven by playwright-core: one fresh profile per browser, pages sized
// like a small phone (360 x 740), screenshots under e2e/screenshots/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

/** Saves a full-page PNG as e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safe}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
