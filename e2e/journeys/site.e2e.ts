// Journey 7: navigation guards, the public shell, the 404 page, and the /terminated page
// when the operator flags the site as gone (spec section 2).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, loginApi, setSiteTerminated, WALLET_USER_HEADERS } from '../support/api.js';
import {
  appReady,
  capture,
  engageUntil,
  eventually,
  LOCALES,
  msg,
  openIn,
  recordMemberCalls,
  signIn,
  storage,
  waitForPath,
  where,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

test("an unknown path shows 'Page Not Found' in every language", async () => {
  const { stack, browser } = fx;
  for (const locale of LOCALES) {
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/nope', locale);
    const notFound = page.getByTestId('not-found-page');
    await notFound.waitFor();
    assert.equal(where(page), '/nope');
    assert.equal(await notFound.locator('h1').textContent(), 'Page Not Found');
    // The explanation under it is in the page's language.
    const text = (await notFound.textContent()) ?? '';
    assert.ok(
      text.includes(msg(locale, 'site.notFoundText')),
      `the 404 page does not read "${msg(locale, 'site.notFoundText')}"`,
    );
    await capture(page, `not-found-${locale}`, locale);
    await page.context().close();
  }
});

test('/user and / lead to /user/home when signed in, to /login when not', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/user', 'en');
  await waitForPath(page, '/login');
  await page.goto(`${stack.appUrl}/`);
  await waitForPath(page, '/login');

  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password);
  await page.goto(`${stack.appUrl}/user`);
  await waitForPath(page, '/user/home');
  await page.getByTestId('home-page').waitFor();
  await page.goto(`${stack.appUrl}/`);
  await waitForPath(page, '/user/home');
  assert.ok((await storage(page)).localToken, '/ cleared the session');
  await page.context().close();
});

test("a visitor's pages make no member-only call (issue 26)", async () => {
  const { stack, browser } = fx;
  for (const [start, shown] of [
    ['/', '/login'],
    ['/user/home', '/login'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/howto', '/howto'],
    ['/contact', '/contact'],
  ] as const) {
    const page = await browser.newPage();
    const memberCalls = recordMemberCalls(page);
    await openIn(page, stack.appUrl, start, 'th');
    await waitForPath(page, shown);
    // The chat widget loads once the visitor does something (or after a few seconds).
    await engageUntil(page, page.getByTestId('chat-launcher'));
    await page.getByTestId('chat-launcher').waitFor();
    if (start === '/login') {
      // The panel as a visitor: the guest's conversation, no member call.
      await page.getByTestId('chat-launcher').click();
      await page.locator('[data-testid="chat-panel"][data-phase="ready"]').waitFor();
    }
    await page.waitForLoadState('networkidle');
    assert.deepEqual(memberCalls, [], `${start}: member calls while signed out`);
    await page.context().close();
  }
});

test('the public shell: bottom menu, operator website footer', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/login', 'en');
  const menu = page.getByTestId('public-bottom-nav');
  await menu.waitFor();
  const items = await menu
    .locator('a')
    .evaluateAll((links) =>
      (links as HTMLAnchorElement[]).map((a) => [a.getAttribute('href'), a.textContent?.trim()]),
    );
  assert.deepEqual(items, [
    ['/login', 'Home'],
    ['/register', 'Register'],
    ['/howto', 'How to use'],
    ['/contact', 'Contact us'],
  ]);
  const website = page.getByTestId('operator-website');
  await website.waitFor();
  assert.equal(await website.textContent(), 'https://royal-wallet.example');
  assert.equal(await website.getAttribute('href'), 'https://royal-wallet.example');

  // The menu works and the shell stays around each public page.
  for (const [href, marker] of [
    ['/register', 'register-step-1'],
    ['/howto', 'howto-video-wallet'],
    ['/contact', 'contact-page'],
    ['/login', 'login-form'],
  ] as const) {
    await menu.locator(`a[href="${href}"]`).click();
    await waitForPath(page, href);
    await page.getByTestId(marker).waitFor();
    assert.equal(await page.getByTestId('operator-website').count(), 1, `no footer on ${href}`);
    assert.equal(await menu.locator(`a[href="${href}"]`).getAttribute('aria-current'), 'page');
  }
  await page.context().close();
});

test('opening a public page while a token is held clears the stored session', async () => {
  const { stack, browser } = fx;
  for (const path of ['/login', '/register', '/howto', '/contact']) {
    const token = await loginApi(stack, DEMO.phone, DEMO.password);
    const page = await browser.newPage();
    await page.goto(`${stack.appUrl}/favicon.svg`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('last_sync', '1');
      localStorage.setItem('remember_agreement', 'true');
      localStorage.setItem('locale', 'en');
    }, token);
    await page.goto(`${stack.appUrl}${path}`);
    await page.getByTestId('public-bottom-nav').waitFor();
    await eventually(async () => {
      const after = await page.evaluate(() =>
        ['token', 'last_sync', 'remember_agreement'].map((k) => localStorage.getItem(k)),
      );
      assert.deepEqual(after, [null, null, null], `${path} kept the session`);
    });
    assert.equal(where(page), path, `${path} redirected elsewhere`);
    // A member page now asks for a sign-in.
    await page.goto(`${stack.appUrl}/user/home`);
    await appReady(page);
    await waitForPath(page, '/login');
    await page.context().close();
  }
});

test('the operator flags the site gone: /login and a signed-in API call go to /terminated', async () => {
  const { stack, browser } = fx;
  // Signed in before the flag (login itself is refused while the site is gone).
  const member = await browser.newPage();
  await signIn(member, stack.appUrl, DEMO.phone, DEMO.password);
  await member.getByTestId('home-page').waitFor();
  const visitor = await browser.newPage();
  await openIn(visitor, stack.appUrl, '/login', 'th');

  await setSiteTerminated(stack, true);
  try {
    // The active lookup answers gone; every other route 410.
    const active = await visitor.request.get(`${stack.appUrl}/api/lookup/active`, {
      headers: WALLET_USER_HEADERS,
    });
    assert.deepEqual(await active.json(), { terminated: 'gone' });

    await visitor.goto(`${stack.appUrl}/login`);
    await waitForPath(visitor, '/terminated');
    const terminated = visitor.getByTestId('terminated-page');
    await terminated.waitFor();
    assert.equal(await terminated.locator('h1').textContent(), msg('th', 'site.terminatedTitle'));
    await capture(visitor, 'terminated-th', 'th');

    // Signed in, without a page load: the next API call answers 'gone'. Opening the
    // conditions makes one, unless one the app makes by itself (a balance or chat check once
    // the member is engaged) got there first: either takes the member to /terminated.
    const conditions = member.getByTestId('conditions-button');
    if (where(member) !== '/terminated')
      await conditions.click({ timeout: 5_000 }).catch(async (error: unknown) => {
        if (where(member) !== '/terminated') throw error;
      });
    await waitForPath(member, '/terminated');
    const closed = member.getByTestId('terminated-page');
    await closed.waitFor();
    assert.equal(await closed.locator('h1').textContent(), 'This service has closed');
    await capture(member, 'terminated-en', 'en');

    await visitor.evaluate(() => localStorage.setItem('locale', 'la'));
    await visitor.goto(`${stack.appUrl}/login`);
    await waitForPath(visitor, '/terminated');
    await visitor.getByTestId('terminated-page').waitFor();
    await capture(visitor, 'terminated-la', 'la');
  } finally {
    await setSiteTerminated(stack, false);
  }

  // Live again: /login is reachable (in the same browser that saw 'gone') and the stored
  // flag is cleared.
  await visitor.goto(`${stack.appUrl}/login`);
  await visitor
    .getByTestId('login-form')
    .waitFor()
    .catch(() =>
      assert.fail(
        `after the flag was lifted /login still ends on ${where(visitor)} ` +
          "(is a 410 'gone' answer cached by the browser?)",
      ),
    );
  await appReady(visitor);
  assert.equal(where(visitor), '/login');
  assert.equal(await visitor.evaluate(() => localStorage.getItem('terminated')), null);
  await visitor.context().close();
  await member.context().close();
});
