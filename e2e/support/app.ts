// Page-level helpers shared by the journeys: the app's own message catalogues (so a check
// in Thai or Lao reads the text the app means to show), storage and URL probes, polling
// assertions, sign-in through the login form, and screenshots that also check the page
// does not overflow the 360 px phone.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMemberEndpoint } from '@wallet/contract/routes';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { screenshot } from './browser.js';

export type Locale = 'th' | 'la' | 'en';
export const LOCALES: readonly Locale[] = ['th', 'la', 'en'];

// The web app's whole catalogue per language (apps/web/src/i18n/locales/<locale>.ts). Loaded
// by URL so the journeys read the messages at run time without type-checking the web app.
const LOCALES_DIR = new URL('../../apps/web/src/i18n/locales/', import.meta.url);
async function loadCatalog(locale: Locale): Promise<unknown> {
  const module = (await import(new URL(`${locale}.ts`, LOCALES_DIR).href)) as Record<
    string,
    unknown
  >;
  if (!module[locale])
    throw new Error(`apps/web/src/i18n/locales/${locale}.ts exports no ${locale}`);
  return module[locale];
}
export const catalogs: Record<Locale, unknown> = {
  th: await loadCatalog('th'),
  la: await loadCatalog('la'),
  en: await loadCatalog('en'),
};

/** BCP 47 tag the app puts on <html lang> (Lao is `lo`; `la` is accepted too). */
export const HTML_LANG: Record<Locale, RegExp> = { th: /^th$/, la: /^(lo|la)$/, en: /^en$/ };

/** Characters of the locale's own script, to tell a translated page from an English one. */
export const SCRIPT: Record<Locale, RegExp> = {
  th: /[\u0E00-\u0E7F]/,
  la: /[\u0E80-\u0EFF]/,
  en: /[A-Za-z]/,
};

/** A message of the app's catalogue by dotted key, e.g. msg('th', 'errors.WRONG_PASSWORD'). */
export function msg(locale: Locale, key: string, params: Record<string, string | number> = {}) {
  let node: unknown = catalogs[locale];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no message "${key}" in the ${locale} catalogue`);
  return node.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Retries an assertion until it passes or the time runs out (then throws its last error). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 5_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(intervalMs);
  }
}

/**
 * Engages the page as apps/web/src/lib/when-engaged.ts counts it (a key press; a pointer move
 * is not one) until `signal` is on the page (the chat launcher, `.pwa-notices`, the install
 * offer: what loads once the member is engaged). It listens only after the page went idle, so
 * a press before that is lost: it presses again until the signal shows, instead of waiting
 * out the idle wait and its 4-second fallback.
 */
export async function engageUntil(page: Page, signal: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('Shift');
    try {
      await signal.first().waitFor({ state: 'attached', timeout: 400 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Waits until the member app's service worker controls the page. The worker registers when
 * the notices' chunk loads (`.pwa-notices`, once the member is engaged): a key press starts
 * that at once instead of after the idle wait and its fallback.
 */
export async function controlledBySw(page: Page): Promise<void> {
  await engageUntil(page, page.locator('.pwa-notices'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/**
 * Closes a dialog with Escape: waits until it is on screen first (a dialog opened by a
 * click may still be loading its code, and an Escape pressed before it mounts is lost, so
 * the dialog would open afterwards over the next click), then until it is gone.
 */
export async function closeWithEscape(page: Page, testId: string): Promise<void> {
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await eventually(async () => assert.equal(await dialog.count(), 0, `${testId} stays open`));
}

/** Path + search of the page's URL, e.g. '/login?redirect=%2Fuser%2Fprofile'. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function waitForPath(page: Page, pathname: string, timeoutMs = 10_000) {
  await page
    .waitForURL((url) => url.pathname === pathname, { timeout: timeoutMs })
    .catch(() => assert.fail(`expected to be on ${pathname}, but the page is on ${where(page)}`));
}

export interface StoredSession {
  localToken: string | null;
  sessionToken: string | null;
  local: Record<string, string>;
}

export async function storage(page: Page): Promise<StoredSession> {
  return page.evaluate(() => ({
    localToken: localStorage.getItem('token'),
    sessionToken: sessionStorage.getItem('token'),
    local: Object.fromEntries(Object.entries(localStorage)),
  }));
}

/**
 * Waits for the app to be on the page: a page the build prerendered (/login, decision 0155)
 * is on screen before the app runs, then taken over (`data-prerendered` removed).
 */
export async function appReady(page: Page) {
  await page.locator('#root:not([data-prerendered]) > *').first().waitFor();
}

/**
 * Where the home's first-screen parts are (top, height), to compare across the take-over or
 * an arrival: now, or (`atTakeOver`) at the moment the app takes the page over, before
 * anything it shows later.
 */
export const homeBoxes = (page: Page, atTakeOver = false) =>
  page.evaluate(async (waitForTakeOver) => {
    const root = document.getElementById('root')!;
    if (waitForTakeOver && root.hasAttribute('data-prerendered'))
      await new Promise<void>((resolve) => {
        new MutationObserver((_, observer) => {
          if (root.hasAttribute('data-prerendered')) return;
          observer.disconnect();
          resolve();
        }).observe(root, { attributes: true, attributeFilter: ['data-prerendered'] });
      });
    return ['home-wallet-balance', 'tile-deposit', 'home-play-safe', 'home-banners'].map((id) => {
      const box = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return box ? `${id} ${Math.round(box.top)} ${Math.round(box.height)}` : `${id} missing`;
    });
  }, atTakeOver);

/**
 * Opens the app's origin and sets the stored language before the app starts, as the app
 * keeps it: in localStorage and in the LANG cookie (by which the server picks the language of
 * a prerendered page).
 */
export async function openIn(page: Page, appUrl: string, path: string, locale: Locale) {
  await page.goto(`${appUrl}/favicon.svg`);
  await page.evaluate((value) => {
    localStorage.setItem('locale', value);
    document.cookie = `LANG=${value.toUpperCase()}; Path=/; SameSite=Lax`;
  }, locale);
  await page.goto(`${appUrl}${path}`);
  await appReady(page);
}

/** Records the requests the page makes to one API path (method + path). */
export function recordRequests(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) {
      seen.push(request);
    }
  });
  return seen;
}

/**
 * Records the page's calls to member-only endpoints ("GET /api/wallet"), and the console's
 * failed-resource errors (a 401 shows there): a visitor's pages must make none (issue 26).
 */
export function recordMemberCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    const method = request.method();
    if (isMemberEndpoint(method, pathname)) seen.push(`${method} ${pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /\b401\b/.test(message.text()))
      seen.push(`console: ${message.text()}`);
  });
  return seen;
}

export function loginForm(page: Page) {
  const form = page.getByTestId('login-form');
  return {
    form,
    phone: form.locator('input[name="username"]'),
    password: form.locator('input[name="password"]'),
    remember: form.locator('input[name="remember"]'),
    submit: form.locator('button[type="submit"]'),
    error: page.getByTestId('login-error'),
  };
}

/**
 * Signs in through the login form (the page must be on /login) and waits to leave it.
 * Unless `agreementAccepted: false`, the member is one who accepted the user agreement
 * before (its stored acknowledgement is set first), so the agreement dialog that opens by
 * itself on /user/home (spec section 2) stays out of journeys about other screens.
 */
export async function signInWithForm(
  page: Page,
  phone: string,
  password: string,
  options: { remember?: boolean; expectPath?: string; agreementAccepted?: boolean } = {},
) {
  if (options.agreementAccepted ?? true) {
    await page.evaluate(() => localStorage.setItem('remember_agreement', 'true'));
  }
  const login = loginForm(page);
  await login.phone.fill(phone);
  await login.password.fill(password);
  await login.remember.setChecked(options.remember ?? false);
  await login.submit.click();
  await waitForPath(page, options.expectPath ?? '/user/home');
}

/** Opens /login in the given language and signs in. */
export async function signIn(
  page: Page,
  appUrl: string,
  phone: string,
  password: string,
  options: { remember?: boolean; locale?: Locale; agreementAccepted?: boolean } = {},
) {
  await openIn(page, appUrl, '/login', options.locale ?? 'en');
  await signInWithForm(page, phone, password, {
    remember: options.remember ?? true,
    agreementAccepted: options.agreementAccepted,
  });
}

/** Horizontal overflow of the page in px (0 when it fits the viewport). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    let widest = root.scrollWidth;
    // A dialog's panel is fixed: check it separately.
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'),
    )) {
      widest = Math.max(widest, Math.ceil(el.getBoundingClientRect().right), el.scrollWidth);
    }
    return widest - root.clientWidth;
  });
}

/**
 * Saves e2e/screenshots/<name>.png (what the phone shows; plus <name>-full.png when the page
 * is taller than the screen) after checking that nothing is wider than the phone and (for th
 * and la) that the page's text really is in that script.
 */
export async function capture(page: Page, name: string, locale?: Locale): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const overflow = await horizontalOverflow(page);
  await screenshot(page, name, { fullPage: false });
  const tall = await page.evaluate(
    () => document.documentElement.scrollHeight > window.innerHeight + 1,
  );
  if (tall) await screenshot(page, `${name}-full`);
  assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the 360px viewport`);
  if (locale === 'th' || locale === 'la') {
    const text = await page.evaluate(() => document.body.innerText);
    assert.match(text, SCRIPT[locale], `${name}: no ${locale} text on the page`);
  }
}

export async function cookie(context: BrowserContext, appUrl: string, name: string) {
  return (await context.cookies(appUrl)).find((c) => c.name === name)?.value ?? null;
}

/** The page's uncaught errors, for asserting a journey ran clean. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
