// Journey 1: registration in four steps (spec sections 2, 4 and 5) with the OTP read from
// the sandbox SMS inbox, the invite code pre-filled from the link, the English-only rule
// for KTB, the redirect to /login after 2 s, and a first sign-in with the new account.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, freshAccountNo, freshPhone, verifyPhoneApi } from '../support/api.js';
import {
  capture,
  eventually,
  LOCALES,
  msg,
  openIn,
  recordRequests,
  signInWithForm,
  waitForPath,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { waitForOtp } from '../support/sms.js';

// Every test here sends OTPs from one address: more than the default 10 a minute per IP
// (RATE_LIMIT_OTP_PER_MIN, whose own test is the server's) would refuse the later ones.
const fx = useJourneyFixture({ env: { RATE_LIMIT_OTP_PER_MIN: '100' } });

function steps(page: Page) {
  const step = (n: number) => page.getByTestId(`register-step-${n}`);
  return {
    step,
    phone: step(1).locator('input[name="phone"]'),
    phoneNext: step(1).locator('button[type="submit"]'),
    phoneError: step(1).locator('.field__error'),
    otpRef: step(2).getByTestId('otp-ref'),
    otpCode: step(2).locator('input[name="otp"]'),
    otpVerify: step(2).locator('button[type="submit"]'),
    name: step(3).locator('input[name="name"]'),
    password: step(3).locator('input[name="password"]'),
    confirm: step(3).locator('input[name="confirmPassword"]'),
    source: step(3).locator('select[name="sourceCode"]'),
    inviteCode: step(3).locator('input[name="inviteCode"]'),
    profileNext: step(3).locator('button[type="submit"]'),
    profileError: step(3).locator('.field__error'),
    bank: step(4).locator('select[name="bankCode"]'),
    accountNo: step(4).locator('input[name="bankAccountNo"]'),
    firstName: step(4).locator('input[name="firstName"]'),
    lastName: step(4).locator('input[name="lastName"]'),
    submit: step(4).locator('button[type="submit"]'),
    bankError: step(4).locator('.field__error'),
    success: page.getByTestId('register-success'),
  };
}

test('register with OTP from the sandbox inbox, invite code from the link, then sign in', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  const ui = steps(page);
  const phone = freshPhone();
  const password = 'journey-pass-1';
  const registrations = recordRequests(page, 'POST', '/api/account');

  await openIn(page, stack.appUrl, '/register?code=PR10001', 'en');
  await ui.step(1).waitFor();
  await capture(page, 'register-1-phone-en', 'en');

  // Step 1 -> 2: a fresh phone gets an OTP; the page shows the reference of that SMS.
  await ui.phone.fill(phone);
  await ui.phoneNext.click();
  await ui.step(2).waitFor();
  const refText = (await ui.otpRef.textContent()) ?? '';
  const ref = /\b([A-Z]{4})\b/.exec(refText)?.[1];
  assert.ok(ref, `the OTP step shows no 4-letter reference (it reads "${refText}")`);
  assert.equal(refText, msg('en', 'register.otpRef', { ref }));
  const otp = await waitForOtp(stack.sandboxUrl, phone, { ref });
  assert.equal(otp.ref, ref, 'the SMS and the page name the same reference');
  await capture(page, 'register-2-otp-en', 'en');
  await ui.otpCode.fill(otp.code);
  await ui.otpVerify.click();

  // Step 3: the inviter code comes from ?code= on the register link.
  await ui.step(3).waitFor();
  assert.equal(await ui.inviteCode.inputValue(), 'PR10001', 'inviter code not pre-filled');
  // The sources come from the operator's list (a lookup the step asks for when it shows).
  await eventually(async () => {
    const sourceOptions = await ui.source.locator('option').allTextContents();
    assert.ok(sourceOptions.includes('Facebook'), `sources: ${sourceOptions.join(', ')}`);
  });
  await ui.name.fill('Journey Tester');
  await ui.password.fill(password);
  await ui.confirm.fill(password);
  await ui.source.selectOption('FACEBOOK');
  await capture(page, 'register-3-profile-en', 'en');
  await ui.profileNext.click();

  // Step 4: KTB needs an English account name; a Thai one is refused on the page.
  await ui.step(4).waitFor();
  assert.ok(await page.getByTestId('bank-recommendation').isVisible());
  await ui.bank.selectOption('KTB');
  await ui.accountNo.fill(freshAccountNo());
  await ui.firstName.fill('สมชาย');
  await ui.lastName.fill('ใจดี');
  await ui.submit.click();
  await ui.bankError.waitFor();
  assert.equal(await ui.bankError.textContent(), 'Bank account name must be in English only');
  assert.equal(registrations.length, 0, 'a Thai name for KTB must not reach the server');
  await capture(page, 'register-4-bank-error-en', 'en');

  // English names are forced to upper case as they are typed.
  await ui.firstName.fill('');
  await ui.firstName.pressSequentially('john');
  await ui.lastName.fill('');
  await ui.lastName.pressSequentially('walker');
  assert.equal(await ui.firstName.inputValue(), 'JOHN');
  assert.equal(await ui.lastName.inputValue(), 'WALKER');
  assert.equal(await ui.bankError.count(), 0, 'the error line stays after editing the name');
  await capture(page, 'register-4-bank-en', 'en');
  await ui.submit.click();

  await ui.success.waitFor();
  const shownAt = Date.now();
  assert.match((await ui.success.textContent()) ?? '', /Registration successful/i);
  assert.equal(registrations.length, 1);
  assert.equal(JSON.parse(registrations[0]!.postData() ?? '{}').bankAccountName, 'JOHN WALKER');
  await capture(page, 'register-5-success-en', 'en');
  await waitForPath(page, '/login', 6_000);
  const waited = Date.now() - shownAt;
  assert.ok(waited >= 1_500 && waited <= 4_000, `went to /login after ${waited} ms, not ~2 s`);

  // The new account signs in and its bank account is the one registered.
  await signInWithForm(page, phone, password, { remember: false });
  await page.goto(`${stack.appUrl}/user/profile`);
  await page.getByTestId('profile-bank-account-name').waitFor();
  assert.equal(await page.getByTestId('profile-name').textContent(), 'Journey Tester');
  assert.equal(await page.getByTestId('profile-username').inputValue(), phone);
  assert.equal(await page.getByTestId('profile-bank-account-name').textContent(), 'JOHN WALKER');
  await page.context().close();
});

for (const locale of LOCALES) {
  test(`a 9-digit phone shows the 10-digit message (${locale})`, async () => {
    const { stack, browser } = fx;
    const page = await browser.newPage();
    const ui = steps(page);
    const sends = recordRequests(page, 'POST', '/api/otp/send');
    await openIn(page, stack.appUrl, '/register', locale);
    await ui.phone.fill('091234567');
    await ui.phoneNext.click();
    await ui.phoneError.waitFor();
    const expected =
      locale === 'en'
        ? 'The phone number must support 10 digits'
        : msg(locale, 'validation.phone10');
    assert.equal(await ui.phoneError.textContent(), expected);
    assert.equal(sends.length, 0, 'no OTP may be sent for a 9-digit phone');
    assert.ok(await ui.step(1).isVisible(), 'the page left step 1');
    await capture(page, `register-1-phone-error-${locale}`, locale);
    // Typing clears the message.
    await ui.phone.press('8');
    assert.equal(await ui.phoneError.count(), 0);
    await page.context().close();
  });
}

test('a verified phone skips the OTP step; mismatched passwords are refused in every language', async () => {
  const { stack, browser } = fx;
  const phone = freshPhone();
  // Verified earlier by this client (its proof cookie, server decision 0049), never
  // registered: OTP_VERIFIED on the next send from the same browser.
  const proof = await verifyPhoneApi(stack, phone);
  const [name = '', value = ''] = proof.split('=');
  for (const locale of LOCALES) {
    const page = await browser.newPage();
    await page
      .context()
      .addCookies([{ name, value, domain: new URL(stack.appUrl).hostname, path: '/api' }]);
    const ui = steps(page);
    const checks = recordRequests(page, 'POST', '/api/account/validate');
    await openIn(page, stack.appUrl, '/register', locale);
    await ui.phone.fill(phone);
    await ui.phoneNext.click();
    await ui.step(3).waitFor();
    assert.equal(await ui.step(2).count(), 0, 'the OTP step shows for a verified phone');

    // Empty required fields: a silent stop.
    await ui.profileNext.click();
    await page.waitForTimeout(300);
    assert.equal(checks.length, 0, 'an empty step 3 reached the server');
    assert.equal(await ui.profileError.count(), 0);

    await ui.name.fill('Mismatch');
    await ui.password.fill('first-password');
    await ui.confirm.fill('other-password');
    await ui.profileNext.click();
    await ui.profileError.waitFor();
    const expected =
      locale === 'en' ? "Passwords don't match" : msg(locale, 'validation.passwordsDontMatch');
    assert.equal(await ui.profileError.textContent(), expected);
    assert.equal(checks.length, 0, 'mismatched passwords reached the server');
    assert.ok(await ui.step(3).isVisible());
    await capture(page, `register-3-mismatch-${locale}`, locale);
    await page.context().close();
  }
});

for (const locale of ['th', 'la'] as const) {
  test(`register in ${locale}: every step translated, the English-only rule in ${locale}`, async () => {
    const { stack, browser } = fx;
    const page = await browser.newPage();
    const ui = steps(page);
    const phone = freshPhone();
    const password = `journey-${locale}-pass`;
    await openIn(page, stack.appUrl, '/register', locale);
    await ui.step(1).waitFor();
    assert.equal(await page.locator('h1').first().textContent(), msg(locale, 'register.title'));
    await capture(page, `register-1-phone-${locale}`, locale);
    await ui.phone.fill(phone);
    await ui.phoneNext.click();
    await ui.step(2).waitFor();
    const ref = /\b([A-Z]{4})\b/.exec((await ui.otpRef.textContent()) ?? '')?.[1];
    assert.ok(ref);
    assert.equal(await ui.otpRef.textContent(), msg(locale, 'register.otpRef', { ref }));
    await capture(page, `register-2-otp-${locale}`, locale);
    await ui.otpCode.fill((await waitForOtp(stack.sandboxUrl, phone, { ref })).code);
    await ui.otpVerify.click();
    await ui.step(3).waitFor();
    assert.equal(await ui.inviteCode.inputValue(), '', 'an inviter code appeared from nowhere');
    await ui.name.fill(`Tester ${locale}`);
    await ui.password.fill(password);
    await ui.confirm.fill(password);
    // Sources are answered in the page's language.
    const sources = await apiCall<{ code: string; description: string }[]>(
      stack,
      'GET',
      '/api/lookup/sources',
      { locale },
    );
    const friend = sources.body.find((source) => source.code === 'FRIEND');
    assert.ok(friend);
    await ui.source.selectOption('FRIEND');
    assert.equal(
      await ui.source.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent),
      friend.description,
    );
    await capture(page, `register-3-profile-${locale}`, locale);
    await ui.profileNext.click();
    await ui.step(4).waitFor();
    await ui.bank.selectOption('TMB');
    await ui.accountNo.fill(freshAccountNo());
    await ui.firstName.fill('สมหญิง');
    await ui.lastName.fill('Rak');
    await ui.submit.click();
    await ui.bankError.waitFor();
    assert.equal(await ui.bankError.textContent(), msg(locale, 'validation.englishOnly'));
    await capture(page, `register-4-bank-${locale}`, locale);
    await ui.firstName.fill('somying');
    assert.equal(await ui.firstName.inputValue(), 'SOMYING');
    await ui.submit.click();
    await ui.success.waitFor();
    assert.match(
      (await ui.success.textContent()) ?? '',
      new RegExp(msg(locale, 'register.success')),
    );
    await capture(page, `register-5-success-${locale}`, locale);
    await waitForPath(page, '/login', 6_000);
    await signInWithForm(page, phone, password);
    await page.context().close();
  });
}

for (const locale of LOCALES) {
  test(`step 3 says at each field what is wrong, and Back keeps what was typed (${locale}, issue 26)`, async () => {
    const { stack, browser } = fx;
    const phone = freshPhone();
    const proof = await verifyPhoneApi(stack, phone);
    const [name = '', value = ''] = proof.split('=');
    const page = await browser.newPage();
    await page
      .context()
      .addCookies([{ name, value, domain: new URL(stack.appUrl).hostname, path: '/api' }]);
    const ui = steps(page);
    const checks = recordRequests(page, 'POST', '/api/account/validate');
    // From the login page by the menu, as a visitor would come.
    await openIn(page, stack.appUrl, '/login', locale);
    await page.getByTestId('public-bottom-nav').locator('a[href="/register"]').click();
    await ui.phone.fill(phone);
    await ui.phoneNext.click();
    await ui.step(3).waitFor();
    const fieldError = (input: 'name' | 'inviteCode') =>
      ui.step(3).locator(`.field:has([name="${input}"]) .field__error`);

    // A 130-character name and an emoji name: the rule at the name field, no call.
    await ui.name.fill('ก'.repeat(130));
    await ui.password.fill('journey-pass-3');
    await ui.confirm.fill('journey-pass-3');
    await ui.profileNext.click();
    await fieldError('name').waitFor();
    assert.equal(
      await fieldError('name').textContent(),
      msg(locale, 'validation.nameLength', { max: 100 }),
    );
    await capture(page, `register-3-name-long-${locale}`, locale);
    await ui.name.fill('Somchai 😀');
    assert.equal(await fieldError('name').count(), 0, 'typing did not clear the message');
    await ui.profileNext.click();
    await fieldError('name').waitFor();
    assert.equal(await fieldError('name').textContent(), msg(locale, 'validation.nameCharacters'));
    assert.equal(checks.length, 0, 'a refused name reached the server');

    // An inviter code the server does not know: its answer names the field, shown there.
    await ui.name.fill(`Tester ${locale}`);
    await ui.inviteCode.fill('PR99999999');
    await ui.profileNext.click();
    await fieldError('inviteCode').waitFor();
    assert.equal(
      await fieldError('inviteCode').textContent(),
      msg(locale, 'validation.inviteCode'),
    );
    assert.equal(checks.length, 1);
    assert.equal(await page.getByTestId('toast').count(), 0, 'a toast as well as the field');
    await capture(page, `register-3-invite-code-${locale}`, locale);

    // Step 4, then the browser's Back: step 3 with everything as typed, then step 1.
    await ui.inviteCode.fill('');
    await ui.profileNext.click();
    await ui.step(4).waitFor();
    await ui.accountNo.fill('1234567890');
    await page.goBack();
    await ui.step(3).waitFor();
    assert.equal(await ui.name.inputValue(), `Tester ${locale}`);
    assert.equal(await ui.password.inputValue(), 'journey-pass-3');
    assert.equal(await ui.confirm.inputValue(), 'journey-pass-3');
    await page.goForward();
    await ui.step(4).waitFor();
    assert.equal(await ui.accountNo.inputValue(), '1234567890');
    await page.goBack();
    await ui.step(3).waitFor();
    await page.goBack();
    await ui.step(1).waitFor();
    assert.equal(await ui.phone.inputValue(), phone);
    // Back from step 1 leaves the page, as before.
    await page.goBack();
    await waitForPath(page, '/login');
    await page.context().close();
  });
}
