// Smoke: the stack starts, serves the built web app, and /login renders the login form.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { openBrowser, phonePage, screenshot, type BrowserSession } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: BrowserSession;
let page: Page;

before(async () => {
  stack = await startStack();
  browser = await openBrowser();
  page = await phonePage(browser);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

test('GET /login answers the prerendered page, GET /user/home the web app shell', async () => {
  const res = await fetch(`${stack.appUrl}/login`);
  assert.equal(res.status, 200, `/login answered HTTP ${res.status}`);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  // Built with the prerendered first screen (decision 0155): the form, and the app's entry
  // started after the first paint.
  const body = await res.text();
  assert.match(body, /<div id="root" data-prerendered="login">.*data-testid="login-form"/s);
  assert.match(
    body,
    /<script src="\/after-paint\.js" async data-entry="\/assets\/index-[\w-]+\.js"/,
    'the prerendered page starts no app: is apps/web/dist the Vite build?',
  );
  const shell = await (await fetch(`${stack.appUrl}/user/home`)).text();
  assert.match(
    shell,
    /<script[^>]+type="module"/,
    'the page loads no module script: is apps/web/dist the Vite build?',
  );
  // The scripts pages start with are sent minified: their comments are for us, not phones.
  for (const name of ['after-paint.js', 'early-requests.js']) {
    const sent = await (await fetch(`${stack.appUrl}/${name}`)).text();
    const source = readFileSync(new URL(`../../apps/web/public/${name}`, import.meta.url), 'utf8');
    assert.ok(sent.length > 0 && sent.length < source.length * 0.7, `${name}: ${sent.length} B`);
    assert.doesNotMatch(sent, /\/\/ |\/\*/, `${name} is sent with its comments`);
  }
});

test('/login renders the login form at 360 px', async () => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${stack.appUrl}/login`);

  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form
    .first()
    .waitFor({ state: 'visible' })
    .catch(async () => {
      await screenshot(page, 'smoke-login-failed');
      assert.fail(
        `no visible form with a password field on /login (page errors: ${errors.join('; ') || 'none'}); ` +
          'screenshot: e2e/screenshots/smoke-login-failed.png',
      );
    });
  const login = form.first();
  const phone = login.locator(
    'input:not([type="password"]):not([type="hidden"]):not([type="checkbox"])',
  );
  assert.ok((await phone.count()) >= 1, 'the login form has no phone field');
  await phone.first().waitFor({ state: 'visible' });
  assert.equal(await login.locator('input[type="password"]').count(), 1);
  const submit = login.locator('button[type="submit"], input[type="submit"], button:not([type])');
  assert.ok((await submit.count()) >= 1, 'the login form has no submit button');

  // Mobile-first: nothing wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 360px`);
  assert.deepEqual(errors, [], 'the page threw errors');
  await screenshot(page, 'smoke-login');
});
