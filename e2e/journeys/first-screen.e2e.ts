// Issue 29, "a first screen in 1.2 s" (decision 0155): /login arrives as HTML the build
// rendered, in the language the visitor chose before, paints before the app's JavaScript has
// run, and the app takes it over without losing what the visitor typed meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { DEMO } from '../support/api.js';
import {
  appReady,
  capture,
  HTML_LANG,
  LOCALES,
  loginForm,
  msg,
  storage,
  waitForPath,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

/** Holds the app's JavaScript back until `release`: the prerendered page alone is there. */
async function holdAppScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test("/login is on screen in the LANG cookie's language before the app runs", async () => {
  const { stack, browser } = fx;
  for (const locale of LOCALES) {
    const context = await browser.newContext();
    if (locale !== 'th')
      await context.addCookies([{ name: 'LANG', value: locale.toUpperCase(), url: stack.appUrl }]);
    const page = await context.newPage();
    // No script at all: what is on screen is the HTML the server sent.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${stack.appUrl}/login`);
    const root = page.locator('#root[data-prerendered="login"]');
    await root.waitFor();
    assert.match((await page.getAttribute('html', 'lang')) ?? '', HTML_LANG[locale]);
    assert.equal(await page.locator('h1').textContent(), msg(locale, 'login.title'));
    assert.equal(await page.title(), msg(locale, 'app.name'));
    const login = loginForm(page);
    assert.equal(await login.phone.isVisible(), true);
    // Until the app runs, the form cannot be sent (a GET with the password in the address).
    assert.equal(await login.submit.isDisabled(), true);
    await login.phone.fill(DEMO.phone);
    await login.password.fill(DEMO.password);
    await login.password.press('Enter');
    assert.equal(new URL(page.url()).search, '', 'the prerendered form was sent by the browser');
    await capture(page, `first-screen-${locale}`, locale);
    await context.close();
  }
});

test('typing before the app has loaded loses nothing: the app takes the page over and signs in', async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  // The app's JavaScript is held back until the visitor has typed.
  const scripts = await holdAppScripts(page);
  // Not until 'load': the held scripts, once after-paint.js adds them, hold the load event.
  await page.goto(`${stack.appUrl}/login`, { waitUntil: 'commit' });
  await page.locator('#root[data-prerendered="login"]').waitFor();
  const login = loginForm(page);
  await login.phone.fill(DEMO.phone);
  await login.password.fill(DEMO.password);
  await login.remember.check();
  await login.password.focus();
  assert.ok(scripts.held() > 0, 'the app started no script before the visitor typed');

  await scripts.release();
  await appReady(page);
  assert.equal(await login.phone.inputValue(), DEMO.phone);
  assert.equal(await login.password.inputValue(), DEMO.password);
  assert.equal(await login.remember.isChecked(), true);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'password');
  await page.evaluate(() => localStorage.setItem('remember_agreement', 'true'));
  await login.password.press('Enter');
  await waitForPath(page, '/user/home');
  const stored = await storage(page);
  assert.ok(stored.localToken, 'the ticked "remember me" did not reach the app');
  await context.close();
});

test('Enter pressed before the app has loaded signs in once the app has taken the page over', async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = await holdAppScripts(page);
  const logins: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login') logins.push(request.method());
  });
  // Not until 'load': the held scripts, once after-paint.js adds them, hold the load event.
  await page.goto(`${stack.appUrl}/login`, { waitUntil: 'commit' });
  await page.locator('#root[data-prerendered="login"]').waitFor();
  await page.evaluate(() => localStorage.setItem('remember_agreement', 'true'));
  const login = loginForm(page);
  await login.phone.fill(DEMO.phone);
  await login.password.fill(DEMO.password);
  await login.password.press('Enter');
  // Nothing is sent by the browser itself, and the app is not there yet.
  assert.equal(new URL(page.url()).search, '');
  assert.deepEqual(logins, []);

  await scripts.release();
  await waitForPath(page, '/user/home');
  assert.deepEqual(logins, ['POST'], 'the form was sent other than once by the app');
  await context.close();
});
