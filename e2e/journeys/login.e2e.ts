// Journeys 2 and 5: login (error line, empty fields, remember-me persistent vs session-only
// token, the sign-in guard returning to the intended page) and logout (storage cleared,
// the old token refused by the server).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, registerMemberApi, WALLET_USER_HEADERS } from '../support/api.js';
import {
  appReady,
  capture,
  eventually,
  loginForm,
  msg,
  openIn,
  recordRequests,
  signIn,
  signInWithForm,
  storage,
  waitForPath,
  where,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

test('a wrong password shows the translated WRONG_CREDENTIAL line, which clears on typing', async () => {
  const { stack, browser } = fx;
  // Not the demo member: its failed logins count towards a lock (LOGIN_MAX_FAILURES).
  const member = await registerMemberApi(stack);
  for (const locale of ['th', 'en'] as const) {
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/login', locale);
    const login = loginForm(page);
    await capture(page, `login-${locale}`, locale);
    await login.phone.fill(member.phone);
    await login.password.fill('not-the-password');
    await login.submit.click();
    const expected =
      locale === 'en' ? 'Incorrect phone number or password' : msg('th', 'errors.WRONG_CREDENTIAL');
    await eventually(async () => assert.equal(await login.error.textContent(), expected));
    assert.equal(where(page), '/login');
    await capture(page, `login-error-${locale}`, locale);
    // Typing in either field clears the line.
    await login.password.press('x');
    assert.equal(await login.error.textContent(), '');
    await login.submit.click();
    await eventually(async () => assert.equal(await login.error.textContent(), expected));
    await login.phone.fill(member.phone.slice(0, -1));
    assert.equal(await login.error.textContent(), '');
    await page.context().close();
  }
});

test('submitting with an empty field does nothing', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  const logins = recordRequests(page, 'POST', '/api/login');
  await openIn(page, stack.appUrl, '/login', 'en');
  const login = loginForm(page);
  await login.submit.click();
  await login.phone.fill(DEMO.phone);
  await login.submit.click();
  await login.phone.fill('');
  await login.password.fill(DEMO.password);
  await login.password.press('Enter');
  await page.waitForTimeout(400);
  assert.equal(logins.length, 0, 'an incomplete form reached POST /api/login');
  assert.equal(where(page), '/login');
  assert.equal(await login.error.textContent(), '');
  assert.equal((await storage(page)).localToken, null);
  await page.context().close();
});

test('remember-me on: the token is in localStorage and survives a new page', async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { remember: true });
  const stored = await storage(page);
  assert.ok(stored.localToken, 'no token in localStorage');
  assert.equal(stored.sessionToken, null, 'a remembered token must not be in sessionStorage');
  await page.getByTestId('member-top-bar').waitFor();
  await capture(page, 'member-home-en', 'en');

  const second = await context.newPage();
  await second.goto(`${stack.appUrl}/user/profile`);
  await second.getByTestId('profile-name').waitFor();
  assert.equal(where(second), '/user/profile');
  assert.equal(await second.getByTestId('profile-name').textContent(), DEMO.name);
  await context.close();
});

test('remember-me off: the token is session-only and gone in a new tab or context', async () => {
  const { stack, browser } = fx;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { remember: false });
  const stored = await storage(page);
  assert.ok(stored.sessionToken, 'no token in sessionStorage');
  assert.equal(stored.localToken, null, 'a session-only token must not be in localStorage');

  // Same tab: a reload keeps the session.
  await page.goto(`${stack.appUrl}/user/profile`);
  await page.getByTestId('profile-name').waitFor();

  // A new tab of the same browser does not share sessionStorage.
  const tab = await context.newPage();
  await tab.goto(`${stack.appUrl}/user/profile`);
  await waitForPath(tab, '/login');
  assert.equal((await storage(tab)).sessionToken, null);

  const other = await browser.newPage();
  await other.goto(`${stack.appUrl}/user/home`);
  await appReady(other);
  await waitForPath(other, '/login');
  await other.context().close();
  await context.close();
});

test('guard: /user/profile signed out goes to /login, and back to /user/profile after login', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/user/profile', 'en');
  await waitForPath(page, '/login');
  assert.equal(new URL(page.url()).searchParams.get('redirect'), '/user/profile');
  await signInWithForm(page, DEMO.phone, DEMO.password, { expectPath: '/user/profile' });
  await page.getByTestId('profile-name').waitFor();
  assert.equal(await page.getByTestId('profile-name').textContent(), DEMO.name);
  await page.context().close();
});

test('logout clears token, last_sync and the agreement flag, and the server refuses the old token', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { remember: true });
  const token = (await storage(page)).localToken;
  assert.ok(token);
  // The flags the home page will write (next issue) are cleared with the token.
  await page.evaluate(() => {
    localStorage.setItem('last_sync', String(Date.now()));
    localStorage.setItem('remember_agreement', 'true');
    sessionStorage.setItem('last_sync', String(Date.now()));
  });
  const profile = () =>
    page.request.get(`${stack.appUrl}/api/account/profile`, {
      headers: { ...WALLET_USER_HEADERS, Authorization: `Bearer ${token}` },
    });
  assert.equal((await profile()).status(), 200, 'the token worked before logout');

  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
  await loginForm(page).form.waitFor();
  const after = await page.evaluate(() => ({
    local: ['token', 'last_sync', 'remember_agreement'].map((k) => localStorage.getItem(k)),
    session: ['token', 'last_sync', 'remember_agreement'].map((k) => sessionStorage.getItem(k)),
  }));
  assert.deepEqual(after, { local: [null, null, null], session: [null, null, null] });

  const refused = await profile();
  assert.equal(refused.status(), 401, 'the server still accepts the token after logout');
  const { message } = (await refused.json()) as { message: string };
  assert.ok(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN'].includes(message), `answered ${message}`);

  // Back on a member page the guard sends the visitor to /login again.
  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  await waitForPath(page, '/login');
  await page.context().close();
});
