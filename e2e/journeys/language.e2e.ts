// Journey 6: switching th -> la -> en on /login and in the signed-in shell. The visible
// text, <html lang>, localStorage `locale` and the upper-case `LANG` cookie follow the
// choice, the signed-in dropdown disables the current language, and a reload keeps it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/api.js';
import {
  appReady,
  capture,
  cookie,
  eventually,
  HTML_LANG,
  LOCALES,
  msg,
  signInWithForm,
  waitForPath,
  type Locale,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

async function assertLanguage(
  page: Page,
  appUrl: string,
  locale: Locale,
  visible: () => Promise<string | null>,
  expected: string,
) {
  await eventually(async () => assert.equal(await visible(), expected));
  assert.match((await page.getAttribute('html', 'lang')) ?? '', HTML_LANG[locale]);
  assert.equal(await page.evaluate(() => localStorage.getItem('locale')), locale);
  assert.equal(await cookie(page.context(), appUrl, 'LANG'), locale.toUpperCase());
}

test('on /login: Thai by default, then Lao, then English, kept across a reload', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await page.goto(`${stack.appUrl}/login`);
  // The prerendered page is on screen before the app; a choice made on it applies when the
  // app takes over (decision 0155), which a loaded machine can take longer than a check waits.
  await appReady(page);
  const title = () => page.locator('h1').first().textContent();
  // Default: Thai (nothing stored yet).
  await eventually(async () => assert.equal(await title(), msg('th', 'login.title')));
  assert.match((await page.getAttribute('html', 'lang')) ?? '', HTML_LANG.th);
  const select = page.getByTestId('language-select');
  assert.equal(await select.inputValue(), 'th');

  for (const locale of ['la', 'en'] as const) {
    await select.selectOption(locale);
    await assertLanguage(page, stack.appUrl, locale, title, msg(locale, 'login.title'));
    assert.equal(await select.inputValue(), locale);
    const submit = await page
      .getByTestId('login-form')
      .locator('button[type="submit"]')
      .textContent();
    assert.equal(submit, msg(locale, 'login.submit'));
    await capture(page, `language-login-${locale}`, locale);
  }
  assert.equal(await title(), 'Log in');

  await page.reload();
  await appReady(page);
  await assertLanguage(page, stack.appUrl, 'en', title, 'Log in');
  assert.equal(await select.inputValue(), 'en');
  await page.context().close();
});

test('in the signed-in shell: th -> la -> en, the current language disabled, kept across a reload', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await page.goto(`${stack.appUrl}/login`);
  // The prerendered page is on screen before the app; a choice made on it applies when the
  // app takes over (decision 0155), which a loaded machine can take longer than a check waits.
  await appReady(page);
  await signInWithForm(page, DEMO.phone, DEMO.password, { remember: true });
  const topBar = page.getByTestId('member-top-bar');
  const select = topBar.getByTestId('language-select');
  const bottomBar = page.getByTestId('member-bottom-bar');
  const profileLabel = () => bottomBar.locator('a[href="/user/profile"]').textContent();
  await assertLanguage(page, stack.appUrl, 'th', profileLabel, msg('th', 'nav.profile'));

  for (const locale of LOCALES) {
    if (locale !== 'th') {
      await select.selectOption(locale);
      await assertLanguage(page, stack.appUrl, locale, profileLabel, msg(locale, 'nav.profile'));
    }
    const disabled = await select
      .locator('option')
      .evaluateAll((options) =>
        (options as HTMLOptionElement[]).map((o) => `${o.value}:${o.disabled}`),
      );
    assert.deepEqual(
      disabled.sort(),
      LOCALES.map((l) => `${l}:${l === locale}`).sort(),
      `in ${locale} the dropdown should disable exactly the current language`,
    );
    const conditions = await page.getByTestId('conditions-button').textContent();
    assert.equal(conditions?.trim(), msg(locale, 'nav.conditions'));
    await capture(page, `language-home-${locale}`, locale);
  }

  await page.reload();
  await appReady(page);
  await waitForPath(page, '/user/home');
  await assertLanguage(page, stack.appUrl, 'en', profileLabel, 'Profile');
  assert.equal(await select.inputValue(), 'en');
  await page.context().close();
});
