// The operator console (issue 13, decision 0087): /console/ opens the sign-in page (Thai by
// default, with the note that the session lives in the tab only); a wrong password and a
// wrong authenticator code each show their translated error; the right code opens the
// shell with the admin's thirteen sections; English is chosen and kept; sign-out returns to the
// sign-in page saying so; a reload asks to sign in again. A cashier sees only its sections
// and gets "not allowed" on the audit log. axe finds nothing on the sign-in page and the
// shell in th and en. Screenshots at 1280 px and 768 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorCode } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  consoleSignInForm,
  expectAccessible,
  openConsoleSection,
  type ConsoleLang,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

const ADMIN_SECTIONS = [
  'dashboard',
  'members',
  'chat',
  // Markers of harm (issue 28, decision 0146): admin and support.
  'harm',
  'withdrawals',
  'deposits',
  'transfers',
  'adjustments',
  'approvals',
  'promotions',
  'settings',
  'reports',
  'audit',
  'operators',
];
const CASHIER_SECTIONS = [
  'dashboard',
  'members',
  'withdrawals',
  'deposits',
  'transfers',
  'adjustments',
  'approvals',
  'reports',
];

async function navTexts(page: Page): Promise<string[]> {
  return (await page.locator('nav#console-nav a').allTextContents()).map((s) => s.trim());
}

const navFor = (lang: ConsoleLang, ids: string[]) => ids.map((id) => consoleMsg(lang, `nav.${id}`));

/** A six-digit code that is not the current one (nor the next). */
function wrongCode(stack: Parameters<typeof operatorCode>[0]): string {
  const taken = new Set([operatorCode(stack), operatorCode(stack, 1), operatorCode(stack, -1)]);
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

test('admin: wrong password, wrong code, the shell, English, sign out, reload', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser);
  await page.goto(`${stack.appUrl}/console/`);
  // Not signed in: the sign-in page, in Thai, with the in-memory note.
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByRole('heading', { name: consoleMsg('th', 'auth.title') }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'th');
  await page.getByText(consoleMsg('th', 'auth.memoryNote')).waitFor();
  await expectAccessible(page, 'sign-in (th)');
  await captureConsole(page, 'sign-in-th-1280');

  const form = consoleSignInForm(page);
  await form.username.fill('admin');
  await form.password.fill('not-the-password');
  await form.password.press('Enter');
  await eventually(async () =>
    assert.equal(await form.error.textContent(), consoleMsg('th', 'errors.WRONG_CREDENTIAL')),
  );
  await captureConsole(page, 'sign-in-error-th-1280');

  await form.password.fill(stack.operatorPassword);
  await form.password.press('Enter');
  await form.code.waitFor();
  await page.getByRole('heading', { name: consoleMsg('th', 'auth.codeTitle') }).waitFor();
  await form.code.fill(wrongCode(stack));
  await form.code.press('Enter');
  await eventually(async () =>
    assert.equal(await form.error.textContent(), consoleMsg('th', 'errors.OTP_CODE_INVALID')),
  );
  assert.equal(await form.code.inputValue(), '', 'the wrong code is cleared for the next try');
  await expectAccessible(page, 'code step with its error (th)');
  await captureConsole(page, 'sign-in-code-error-th-1280');

  // The right code (the next step's when this one was used by another sign-in).
  for (const ahead of [0, 1]) {
    await form.code.fill(operatorCode(stack, ahead));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/operator/login/totp'));
    await form.code.press('Enter');
    if ((await answer).status() === 200) break;
  }
  await page.waitForURL(/\/console\/dashboard$/);
  // The shell renders after the address changes: wait for its navigation.
  await eventually(async () =>
    assert.deepEqual(await navTexts(page), navFor('th', ADMIN_SECTIONS)),
  );
  const account = page.locator('.account-button');
  assert.match((await account.textContent()) ?? '', new RegExp(consoleMsg('th', 'roles.admin')));
  // The dashboard's page, never a blank one.
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The token is in memory only.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  assert.doesNotMatch(stored, /token|Bearer/i);
  assert.deepEqual(await page.context().cookies(), []);
  await expectAccessible(page, 'shell (th)');
  await captureConsole(page, 'shell-th-1280');

  // English, kept in localStorage and on <html lang>.
  await page.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await eventually(async () =>
    assert.deepEqual(await navTexts(page), navFor('en', ADMIN_SECTIONS)),
  );
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('console.lang')), 'en');
  await openConsoleSection(page, 'en', 'members');
  await page.waitForURL(/\/console\/members$/);
  await page
    .getByRole('heading', { level: 1, name: consoleMsg('en', 'nav.members'), exact: true })
    .waitFor();
  await expectAccessible(page, 'shell (en)');
  await captureConsole(page, 'shell-en-1280');

  // 768 px: the navigation folds into the Menu button.
  await page.setViewportSize({ width: 768, height: 900 });
  const menu = page.getByRole('button', { name: consoleMsg('en', 'nav.menu') });
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('nav#console-nav').isVisible(), false);
  await captureConsole(page, 'shell-en-768');
  await menu.click();
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  await page.locator('nav#console-nav').waitFor({ state: 'visible' });
  await captureConsole(page, 'shell-en-768-menu');
  await page
    .locator('nav#console-nav')
    .getByRole('link', { name: consoleMsg('en', 'nav.audit'), exact: true })
    .click();
  await page.waitForURL(/\/console\/audit$/);
  await eventually(async () =>
    assert.equal(await page.locator('nav#console-nav').isVisible(), false, 'the menu closes'),
  );
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign out from the account menu: back to the sign-in page, which says so.
  await account.click();
  await page.getByRole('button', { name: consoleMsg('en', 'shell.signOut'), exact: true }).click();
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByText(consoleMsg('en', 'auth.signedOut.signedOut')).waitFor();
  await captureConsole(page, 'signed-out-en-1280');

  // A reload forgets everything but the language: sign in again.
  await page.goto(`${stack.appUrl}/console/members`);
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByRole('heading', { name: consoleMsg('en', 'auth.title') }).waitFor();
  await expectAccessible(page, 'sign-in (en)');
  await page.setViewportSize({ width: 768, height: 900 });
  await captureConsole(page, 'sign-in-en-768');
  await page.context().close();
});

test('cashier: only its sections; the audit log is not allowed; sign out everywhere', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser, { width: 768, height: 900 });
  await consoleSignIn(page, stack, 'cashier');
  await page.waitForURL(/\/console\/dashboard$/);
  await page.getByRole('button', { name: consoleMsg('th', 'nav.menu') }).click();
  // The shell renders after the address changes: wait for its navigation.
  await eventually(async () =>
    assert.deepEqual(await navTexts(page), navFor('th', CASHIER_SECTIONS)),
  );
  await captureConsole(page, 'shell-cashier-th-768-menu');

  // An address outside the role (typed, or an old link): "not allowed", never blank.
  await page.evaluate(() => {
    history.pushState({}, '', '/console/audit');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('not-allowed').waitFor();
  await page.getByRole('heading', { name: consoleMsg('th', 'notAllowed.title') }).waitFor();
  await captureConsole(page, 'not-allowed-th-768');

  // Sign out everywhere: confirmed in a dialog, then the sign-in page says so.
  await page.locator('.account-button').click();
  await page.getByRole('button', { name: consoleMsg('th', 'shell.signOutEverywhere') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectAccessible(page, 'sign out everywhere dialog (th)');
  await dialog.getByRole('button', { name: consoleMsg('th', 'shell.signOutEverywhere') }).click();
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByText(consoleMsg('th', 'auth.signedOut.everywhere')).waitFor();
  await page.context().close();
});
