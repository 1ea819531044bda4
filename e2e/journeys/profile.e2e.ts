// Journeys 3 and 4: the profile page of the demo member, and the change-password dialog
// (a freshly registered member, so the demo password never changes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, DEMO, loginApi, registerMemberApi } from '../support/api.js';
import {
  capture,
  eventually,
  loginForm,
  LOCALES,
  msg,
  recordRequests,
  signIn,
  waitForPath,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

/** DD/MM/YYYY HH:mm:ss in Asia/Bangkok (the browser's zone in these journeys). */
function bangkokDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

test('profile shows the demo member: name, id, creation time, username, bank', async () => {
  const { stack, browser } = fx;
  const token = await loginApi(stack, DEMO.phone, DEMO.password);
  const answer = await apiCall<{ profile: { createdAt: string } }>(
    stack,
    'GET',
    '/api/account/profile',
    { token },
  );
  assert.equal(answer.status, 200);
  const createdAt = bangkokDateTime(answer.body.profile.createdAt);

  const page = await browser.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale: 'th' });
  // Through the bottom bar, as a member would.
  await page.getByTestId('member-bottom-bar').locator('a[href="/user/profile"]').click();
  await waitForPath(page, '/user/profile');
  await page.getByTestId('profile-details').waitFor();

  const text = (id: string) => page.getByTestId(id).textContent();
  assert.equal(await text('profile-name'), DEMO.name);
  assert.equal(await text('profile-id'), DEMO.id);
  assert.match((await text('profile-created-at')) ?? '', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  assert.equal(await text('profile-created-at'), createdAt);
  const username = page.getByTestId('profile-username');
  assert.equal(await username.inputValue(), DEMO.phone);
  assert.equal(await username.isEditable(), false, 'the username can be edited');
  assert.equal(await text('profile-bank-account-name'), DEMO.bankAccountName);
  assert.equal(await text('profile-bank-name'), DEMO.bankNameTH);
  assert.equal(await text('profile-account-no'), DEMO.bankAccountNoGrouped);
  await capture(page, 'profile-th', 'th');

  // The same page in Lao and English: labels change, the data does not.
  for (const locale of ['la', 'en'] as const) {
    await page.getByTestId('language-select').selectOption(locale);
    await eventually(async () =>
      assert.equal(
        await page.locator('.page h1, .page h2').first().textContent(),
        msg(locale, 'profile.title'),
      ),
    );
    await page.getByTestId('profile-account-no').waitFor();
    assert.equal(await text('profile-account-no'), DEMO.bankAccountNoGrouped);
    assert.equal(await text('profile-name'), DEMO.name);
    await capture(page, `profile-${locale}`, locale);
  }
  await page.context().close();
});

test('the profile shows the Thai bank name in Thai and English, the Lao one in Lao', async () => {
  const { stack, browser } = fx;
  // Spec section 2: "bank name (Thai name)"; Lao readers get Lao script (issue 16, 0058).
  const expected = { en: DEMO.bankNameTH, la: DEMO.bankNameLA } as const;
  for (const locale of ['en', 'la'] as const) {
    const page = await browser.newPage();
    await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale });
    await page.goto(`${stack.appUrl}/user/profile`);
    await page.getByTestId('profile-bank-name').waitFor();
    assert.equal(
      await page.getByTestId('profile-bank-name').textContent(),
      expected[locale],
      `opened in ${locale}, the profile shows the wrong bank name`,
    );
    await page.context().close();
  }
});

test('change password through the lock-icon dialog, then sign in with the new one', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const newPassword = `${member.password}-new`;
  // A second session of the same member (another device): a change revokes it.
  const otherDevice = await loginApi(stack, member.phone, member.password);

  const page = await browser.newPage();
  const changes = recordRequests(page, 'PUT', '/api/account/changepwd');
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await page.goto(`${stack.appUrl}/user/profile`);
  await page.getByTestId('profile-details').waitFor();

  const lock = page.getByTestId('change-password-button');
  await lock.click();
  const dialog = page.getByTestId('change-password-dialog');
  await dialog.waitFor();
  const field = (name: string) => dialog.locator(`input[name="${name}"]`);
  const save = dialog.locator('button[type="submit"]');
  const error = page.getByTestId('change-password-error');
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('name')),
    'oldPassword',
    'focus is not in the dialog',
  );
  await capture(page, 'change-password-en', 'en');

  // One field empty: nothing happens.
  await field('oldPassword').fill(member.password);
  await field('newPassword').fill(newPassword);
  await save.click();
  await page.waitForTimeout(300);
  assert.equal(changes.length, 0, 'an incomplete form reached the server');
  assert.equal(await error.textContent(), '');

  // New and confirmation differ.
  await field('confirmPassword').fill(`${newPassword}x`);
  await save.click();
  await eventually(async () =>
    assert.equal(await error.textContent(), msg('en', 'validation.newPasswordsNotEqual')),
  );
  assert.equal(changes.length, 0, 'a mismatch reached the server');
  await capture(page, 'change-password-mismatch-en', 'en');

  // Wrong old password: the server's WRONG_PASSWORD, translated.
  await field('confirmPassword').fill(newPassword);
  assert.equal(await error.textContent(), '', 'the error line stays while typing');
  await field('oldPassword').fill('wrong-old-password');
  await save.click();
  await eventually(async () => assert.equal(await error.textContent(), 'Incorrect password'));
  assert.equal(changes.length, 1);
  await capture(page, 'change-password-wrong-en', 'en');

  // Success.
  await field('oldPassword').fill(member.password);
  await save.click();
  const alert = page.getByTestId('alert-dialog');
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /Your password has been changed/);
  assert.equal(await dialog.count(), 0, 'the change-password dialog is still open');
  await capture(page, 'change-password-done-en', 'en');
  const stale = await apiCall(stack, 'GET', '/api/account/profile', { token: otherDevice });
  assert.equal(stale.status, 401, "the member's other session survived the change");
  await alert.getByRole('button', { name: 'OK' }).click();
  await eventually(async () => assert.equal(await alert.count(), 0));

  // Log out; the old password no longer works, the new one does.
  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
  const login = loginForm(page);
  await login.phone.fill(member.phone);
  await login.password.fill(member.password);
  await login.submit.click();
  await eventually(async () =>
    assert.equal(await login.error.textContent(), 'Incorrect phone number or password'),
  );
  await login.password.fill(newPassword);
  await login.submit.click();
  await waitForPath(page, '/user/home');
  await page.context().close();
});

test('the change-password dialog in Thai and Lao: mismatch and wrong old password translated', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const page = await browser.newPage();
    await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    await page.goto(`${stack.appUrl}/user/profile`);
    await page.getByTestId('change-password-button').click();
    const dialog = page.getByTestId('change-password-dialog');
    await dialog.waitFor();
    const error = page.getByTestId('change-password-error');
    await dialog.locator('input[name="oldPassword"]').fill('wrong-old-password');
    await dialog.locator('input[name="newPassword"]').fill('brand-new-pass');
    await dialog.locator('input[name="confirmPassword"]').fill('brand-new-pasz');
    await dialog.locator('button[type="submit"]').click();
    await eventually(async () =>
      assert.equal(await error.textContent(), msg(locale, 'validation.newPasswordsNotEqual')),
    );
    await dialog.locator('input[name="confirmPassword"]').fill('brand-new-pass');
    await dialog.locator('button[type="submit"]').click();
    await eventually(async () =>
      assert.equal(await error.textContent(), msg(locale, 'errors.WRONG_PASSWORD')),
    );
    await capture(page, `change-password-${locale}`, locale);
    // Escape closes the dialog and focus returns to the lock icon.
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await dialog.count(), 0));
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'change-password-button',
    );
    await page.context().close();
  }
  // The password never changed.
  assert.ok(await loginApi(stack, member.phone, member.password));
});

test("a 5-character new password gets register's rule at the field, in every language (issue 26)", async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  for (const locale of LOCALES) {
    const page = await browser.newPage();
    const changes = recordRequests(page, 'PUT', '/api/account/changepwd');
    await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    await page.goto(`${stack.appUrl}/user/profile`);
    await page.getByTestId('change-password-button').click();
    const dialog = page.getByTestId('change-password-dialog');
    await dialog.waitFor();
    const newPassword = dialog.locator('input[name="newPassword"]');
    await dialog.locator('input[name="oldPassword"]').fill(member.password);
    await newPassword.fill('12345');
    await dialog.locator('input[name="confirmPassword"]').fill('12345');
    await dialog.locator('button[type="submit"]').click();
    const rule = msg(locale, 'validation.passwordLength', { min: 8, max: 128 });
    const fieldError = dialog.locator('.field--invalid .field__error');
    await eventually(async () => assert.equal(await fieldError.textContent(), rule));
    assert.equal(await newPassword.getAttribute('aria-invalid'), 'true');
    assert.equal(
      await newPassword.evaluate((input) => input === document.activeElement),
      true,
      'the refused field does not have focus',
    );
    assert.equal(await page.getByTestId('change-password-error').textContent(), '');
    assert.equal(changes.length, 0, 'a 5-character password reached the server');
    await capture(page, `change-password-rule-${locale}`, locale);
    await page.context().close();
  }
  assert.ok(await loginApi(stack, member.phone, member.password));
});
