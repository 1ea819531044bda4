// The operator console (apps/console, decision 0087) in the journeys: desktop-sized pages,
// the console's own catalogues (so a check reads the text the console means to show), and
// signing a demo operator in through the sign-in page with its authenticator code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './app.js';
import { operatorCode, rememberOperatorSession, type OperatorRole } from './api.js';
import type { SharedBrowser } from './browser.js';
import { screenshot } from './browser.js';
import type { Stack } from './stack.js';

export type ConsoleLang = 'th' | 'en';

// apps/console/src/i18n/<lang>.ts, loaded by URL at run time like support/app.ts does for
// the web app (no type-checking of the console here).
const I18N_DIR = new URL('../../apps/console/src/i18n/', import.meta.url);
async function loadCatalog(lang: ConsoleLang): Promise<unknown> {
  const module = (await import(new URL(`${lang}.ts`, I18N_DIR).href)) as Record<string, unknown>;
  if (!module[lang]) throw new Error(`apps/console/src/i18n/${lang}.ts exports no ${lang}`);
  return module[lang];
}
const catalogs: Record<ConsoleLang, unknown> = {
  th: await loadCatalog('th'),
  en: await loadCatalog('en'),
};

/** A text of the console's catalogue by dotted key: consoleMsg('en', 'auth.title'). */
export function consoleMsg(
  lang: ConsoleLang,
  key: string,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = catalogs[lang];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no console text "${key}" in ${lang}`);
  return node.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A fresh desktop context (1280 x 800 unless told), Thai browser, Bangkok time. */
export async function consolePage(
  browser: SharedBrowser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.browser.newContext({
    viewport,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context.newPage();
}

/** The sign-in page's fields, found by their labels in either language. */
export function consoleSignInForm(page: Page) {
  return {
    username: page.getByLabel(/^(ชื่อผู้ใช้|Username)$/),
    password: page.getByLabel(/^(รหัสผ่าน|Password)$/),
    code: page.getByLabel(/^(รหัส 6 หลัก|6-digit code)$/),
    error: page.locator('.sign-in-card [role="alert"]'),
  };
}

/**
 * Opens /console/ and signs the demo operator of `role` in: password, then the current
 * authenticator code (a later step's when this one was spent by an earlier sign-in).
 * Ends with the shell showing.
 */
export async function consoleSignIn(page: Page, stack: Stack, role: OperatorRole): Promise<void> {
  await page.goto(`${stack.appUrl}/console/`);
  const form = consoleSignInForm(page);
  await form.username.fill(role);
  await form.password.fill(stack.operatorPassword);
  await form.password.press('Enter');
  await form.code.waitFor();
  // A code is good once (decision 0086): this step's, else the next one's, else (both spent
  // by earlier sign-ins of this operator) wait a step and send the next one's again.
  for (const [attempt, ahead] of [0, 1, 1].entries()) {
    if (attempt === 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await form.code.fill(operatorCode(stack, ahead));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/operator/login/totp'));
    await form.code.press('Enter');
    const response = await answer;
    if (response.status() === 200) {
      // The session serves this test's API calls as this operator too (operatorLoginAs):
      // each sign-in spends a code, and a third within one step waits for the next step.
      const { token } = (await response.json()) as { token?: unknown };
      if (typeof token === 'string') rememberOperatorSession(stack, role, token);
      await page.locator('nav#console-nav').waitFor({ state: 'attached' });
      return;
    }
    // The page clears the field when it handles the refusal, a moment after the answer
    // arrives: typing the next code before that lets the clearing erase it, and Enter then
    // sends nothing (a CI failure of this helper).
    await form.error.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>(
          '.sign-in-card input[autocomplete="one-time-code"]',
        )?.value === '' && !document.querySelector<HTMLButtonElement>('.sign-in-submit')?.disabled,
    );
  }
  throw new Error(`${role} could not sign in: ${await form.error.textContent()}`);
}

/** Saves e2e/screenshots/console-<name>.png and checks nothing is wider than the window. */
export async function captureConsole(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await screenshot(page, `console-${name}`, { fullPage: true });
  assert.ok(overflow <= 0, `console-${name}: the page is ${overflow}px wider than the window`);
}

/** Opens a console path inside the app (a page load would end the in-memory session). */
export async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, `/console${path}`);
}

/**
 * The rows of one member in a console table: a row with an element whose whole text is the
 * member's number. A plain `hasText` also matches another member's row whose phone or account
 * number holds those digits (a CI failure: 10002 inside member 10003's phone).
 */
export function memberRows(rows: Locator, memberNo: string): Locator {
  return rows.filter({ has: rows.page().getByText(memberNo, { exact: true }) });
}

/**
 * Opens a console section from the side navigation, opening the Menu first on a narrow window.
 * Always through the app: a page load would end the session held in memory (decision 0086).
 */
export async function openConsoleSection(
  page: Page,
  lang: ConsoleLang,
  section: string,
): Promise<void> {
  const nav = page.locator('nav#console-nav');
  if (!(await nav.isVisible()))
    await page.getByRole('button', { name: consoleMsg(lang, 'nav.menu') }).click();
  await nav.getByRole('link', { name: consoleMsg(lang, `nav.${section}`), exact: true }).click();
  // The previous section stays on screen until the new one's chunk has loaded: a locator
  // used before then can match the old page (a CI failure under load).
  await page.locator(`[data-section="${section}"]`).waitFor({ state: 'attached' });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** axe-core (WCAG 2 A/AA and best practices) finds nothing on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await eventually(async () => {
    const found = await page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
      };
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
    });
    assert.deepEqual(found, [], `${screen}: ${JSON.stringify(found, null, 1)}`);
  }, 4_000);
}
