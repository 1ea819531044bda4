// Issue 29, "a first screen in 1.2 s" (decision 0155): /login arrives as HTML the build
// rendered, in the language the visitor chose before, paints before the app's JavaScript has
// run, and the app takes it over without losing what the visitor typed meanwhile. The member
// home of a remembered session arrives as HTML the server rendered for that member (decision
// 0159), and the app takes it over in place, without asking again and losing no tap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { DEMO } from '../support/api.js';
import {
  appReady,
  capture,
  collectPageErrors,
  homeBoxes,
  HTML_LANG,
  LOCALES,
  loginForm,
  msg,
  recordRequests,
  signIn,
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

/**
 * Marks the server page's parts (its elements with a test id) on the elements themselves, and
 * answers their ids: an element the app drew anew has no mark.
 */
const markServerParts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#root [data-testid]')].map((el) => {
      (el as HTMLElement & { fromServer?: boolean }).fromServer = true;
      return el.dataset.testid!;
    }),
  );

/** The ids of the marked elements still in the page. */
const serverPartsKept = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#root [data-testid]')]
      .filter((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)
      .map((el) => el.dataset.testid!),
  );

/**
 * The member shell with the home in it, as the app leaves it once settled, written out one
 * element a line with its attributes in order of name (comments, such as the server's
 * Suspense marks, left out). Left out too: what the app alone draws, later (the game
 * carousels, the chat button once the member is engaged), and the banner track's position
 * (it turns by itself).
 */
const shellMarkup = (page: Page) =>
  page.evaluate(() => {
    const shell = document.querySelector('#root .shell')!.cloneNode(true) as HTMLElement;
    shell.querySelectorAll('[data-testid^="carousel-"]').forEach((el) => el.remove());
    shell.querySelector('#chat-launcher-slot')?.replaceChildren();
    shell.querySelector('[data-testid="chat-widget"]')?.remove();
    shell.querySelectorAll('.banners__track').forEach((el) => el.removeAttribute('style'));
    // A loop, not a named function: tsx's helpers for names do not exist in the page.
    const lines: string[] = [];
    const stack: [Node, number][] = [[shell, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
        lines.push(`${' '.repeat(depth)}"${node.textContent}"`);
      if (!(node instanceof Element)) continue;
      const attributes = [...node.attributes]
        .map((a) => `${a.name}=${a.name === 'style' ? a.value.replace(/\s+/g, '') : a.value}`)
        .sort();
      lines.push(`${' '.repeat(depth)}<${node.localName} ${attributes.join(' ')}>`);
      [...node.childNodes].reverse().forEach((child) => stack.push([child, depth + 1]));
    }
    return lines.join('\n');
  });

test("the app's home hydrated from the server's page is the home it draws itself, in each language", async () => {
  const { stack, browser } = fx;
  // And for a member who asked for less motion: the server cannot know, the app must follow.
  const runs = [
    ...LOCALES.map((locale) => ({ locale, reducedMotion: 'no-preference' as const })),
    { locale: 'en' as const, reducedMotion: 'reduce' as const },
  ];
  for (const { locale, reducedMotion } of runs) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion });
    const errors = collectPageErrors(page);
    await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale, remember: true });
    await page.goto(`${stack.appUrl}/user/home`);
    await appReady(page);
    await page.locator('[data-testid^="carousel-"]').first().waitFor();
    const hydrated = await shellMarkup(page);
    // The same home drawn by the app alone: away and back, from the same answers.
    await page.getByTestId('member-bottom-bar').getByRole('link').first().click();
    await waitForPath(page, '/user/profile');
    await page.getByTestId('home-button').click();
    await page.locator('[data-testid^="carousel-"]').first().waitFor();
    assert.equal(
      hydrated,
      await shellMarkup(page),
      `the hydrated home differs (${locale}, ${reducedMotion})`,
    );
    if (reducedMotion === 'reduce')
      assert.equal(
        await page.getByTestId('home-announcement').getAttribute('data-motion'),
        'still',
      );
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("a home drawn in another language than the app's is drawn again by the app, not hydrated", async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale: 'th', remember: true });
  // The language cookie says English (the server draws the home in it); the app keeps Thai.
  await context.addCookies([{ name: 'LANG', value: 'EN', url: stack.appUrl }]);
  const scripts = await holdAppScripts(page);
  await page.goto(`${stack.appUrl}/user/home`, { waitUntil: 'commit' });
  await page.locator('#root[data-prerendered="home"]').waitFor();
  const tile = page.getByTestId('tile-deposit');
  assert.equal(await tile.textContent(), msg('en', 'home.tiles.deposit'));
  const tilesLabel = () => page.getByTestId('home-tiles').getAttribute('aria-label');
  const englishLabel = await tilesLabel();
  await scripts.release();
  await appReady(page);
  assert.equal(await tile.textContent(), msg('th', 'home.tiles.deposit'));
  // Hydrating would have kept the English labels (it corrects text, not attributes).
  assert.notEqual(await tilesLabel(), englishLabel);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a remembered member's home arrives drawn, in their language; the app takes it over in place, keeping a tap", async () => {
  const { stack, browser } = fx;
  for (const locale of LOCALES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale, remember: true });
    const homeCookie = (await context.cookies(`${stack.appUrl}/user/home`)).find(
      (c) => c.name === 'wallet_home',
    );
    assert.ok(homeCookie, 'a remembered session has no home cookie');
    assert.deepEqual([homeCookie.path, homeCookie.sameSite], ['/user/home', 'Strict']);
    // Its mark, for the service worker, carries no secret.
    const mark = (await context.cookies(stack.appUrl)).find((c) => c.name === 'wallet_home_on');
    assert.deepEqual([mark?.value, mark?.path], ['1', '/']);

    // The app's JavaScript is held back: what is on screen is the HTML the server sent.
    const scripts = await holdAppScripts(page);
    const walletReads = recordRequests(page, 'GET', '/api/wallet');
    const response = await page.goto(`${stack.appUrl}/user/home`, { waitUntil: 'commit' });
    assert.equal(response?.headers()['cache-control'], 'private, no-store');
    // The manifest is linked once the page has painted, not with it (decision 0163).
    assert.doesNotMatch((await response?.text()) ?? '', /rel="manifest"/);
    await page.locator('#root[data-prerendered="home"]').waitFor();
    assert.match((await page.getAttribute('html', 'lang')) ?? '', HTML_LANG[locale]);
    assert.match((await page.getByTestId('home-wallet-balance').textContent()) ?? '', /\d\.\d\d/);
    assert.equal(
      await page.getByTestId('tile-deposit').textContent(),
      msg(locale, 'home.tiles.deposit'),
    );
    // The first banner (the largest paint) is in the page, asked for at once: it loads while
    // the app's scripts are still held (in a CI run its load ended after the page was there).
    const banner = page.locator('img.banners__image[fetchpriority="high"]');
    assert.equal(await banner.count(), 1);
    const loaded = await banner.evaluate(
      (img: HTMLImageElement) =>
        new Promise<boolean>((resolve) => {
          if (img.complete) resolve(img.naturalWidth > 0);
          img.addEventListener('load', () => resolve(true));
          img.addEventListener('error', () => resolve(false));
        }),
    );
    assert.equal(loaded, true, 'the first banner did not load before the app ran');
    const before = await homeBoxes(page);
    const serverParts = await markServerParts(page);
    await capture(page, `member-home-server-${locale}`, locale);

    // A tap before the app has the page is made again once it has.
    const tap = page.getByTestId('tile-deposit').click();
    const atTakeOver = homeBoxes(page, true);
    await scripts.release();
    await appReady(page);
    await tap;
    assert.deepEqual(await atTakeOver, before, 'the take-over moved the first screen');
    // Hydrated, not replaced: the server's elements are the app's (decision 0160), also the
    // parts hydrated in later tasks (the top bar, the page, the bottom bar: decision 0163).
    assert.deepEqual(await serverPartsKept(page), serverParts, 'the app replaced the page');
    // The manifest, linked by after-paint.js as it started the app: once.
    assert.equal(await page.locator('head link[rel="manifest"]').count(), 1);
    await page.getByTestId('deposit-dialog').waitFor();
    // The app drew its home from the answers in the page.
    assert.deepEqual(walletReads.length, 0, 'the app asked for the wallet again');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a session for this tab only gets no home cookie; a logout takes the cookie away', async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { remember: false });
  const homeCookie = async () =>
    (await context.cookies(`${stack.appUrl}/user/home`)).find((c) => c.name === 'wallet_home');
  assert.equal(await homeCookie(), undefined);
  assert.equal(
    (await context.cookies(stack.appUrl)).find((c) => c.name === 'wallet_home_on'),
    undefined,
  );
  const plain = await page.goto(`${stack.appUrl}/user/home`);
  assert.ok(!(await plain?.text())?.includes('home-wallet-balance'), 'the server drew the home');
  await appReady(page);
  await page.getByTestId('home-wallet-balance').waitFor();

  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { remember: true });
  assert.ok(await homeCookie());
  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
  assert.equal(await homeCookie(), undefined, 'the home cookie outlived the logout');
  await context.close();
});
