// No insider moves money alone, in the console (issue 25 section 2; decisions 0116, 0117).
// An operator an admin created signs in once with the temporary password: the code step also
// asks for a password of their own (Thai), then they change it again on the own-password page
// (English). A cashier asks to change a member's payout account from the member page: it
// waits; the same cashier cannot decide it on the Approvals page; an admin approves it, and
// only then does the member's account change. axe finds nothing on the new screens;
// screenshots at 1280 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as OTPAuth from 'otpauth';
import { apiCall, operatorLoginAs, registerMemberApi } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  consoleSignInForm,
  expectAccessible,
  memberRows,
  openInConsole,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { memberIdOf } from '../support/money.js';

const fx = useJourneyFixture();

const codeFor = (secret: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

test('a new operator chooses their own password at the first sign-in, and changes it later', async () => {
  const { stack, browser } = fx;
  const username = `newcash${Date.now() % 100_000}`;
  const created = await apiCall<{ temporaryPassword: string; requestId: number | null }>(
    stack,
    'POST',
    '/api/operator/operators',
    {
      token: await operatorLoginAs(stack, 'admin'),
      body: { username, displayName: 'New Cashier', role: 'cashier' },
    },
  );
  assert.equal(created.status, 200, JSON.stringify(created.body));
  // One active admin in the demo data: the account is active at once.
  assert.equal(created.body.requestId, null);

  const page = await consolePage(browser);
  await page.goto(`${stack.appUrl}/console/`);
  const form = consoleSignInForm(page);
  await form.username.fill(username);
  await form.password.fill(created.body.temporaryPassword);
  await form.password.press('Enter');
  // The enrolment with the new-password fields in the same step.
  await page.getByRole('group', { name: consoleMsg('th', 'auth.newPasswordTitle') }).waitFor();
  const secret = (await page.locator('.enrol-secret code').textContent()) ?? '';
  assert.match(secret, /^[A-Z2-7 ]+$/);
  await expectAccessible(page, 'first sign-in: enrolment and new password');
  await captureConsole(page, 'first-sign-in-new-password-1280');
  const next = page.getByLabel(consoleMsg('th', 'auth.newPassword'), { exact: true });
  const repeat = page.getByLabel(consoleMsg('th', 'auth.repeatPassword'));
  // Too short: said at the field, nothing sent.
  await next.fill('short');
  await repeat.fill('short');
  await form.code.fill(codeFor(secret));
  await form.code.press('Enter');
  await page.getByText(consoleMsg('th', 'auth.newPasswordLength', { min: 12 })).waitFor();
  assert.equal(await next.getAttribute('aria-invalid'), 'true');
  await next.fill('first-own-password');
  await repeat.fill('first-own-password');
  await form.code.fill(codeFor(secret));
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/operator/login/totp'));
  await form.code.press('Enter');
  assert.equal((await signedIn).status(), 200);
  await page.locator('nav#console-nav').waitFor({ state: 'attached' });
  // The temporary password is gone.
  const old = await apiCall(stack, 'POST', '/api/operator/login', {
    body: { username, password: created.body.temporaryPassword },
  });
  assert.equal(old.status, 401);

  // Later: the account menu's own-password page, in English.
  await page.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await page.locator('.account-button').click();
  await page.getByRole('link', { name: consoleMsg('en', 'shell.changePassword') }).click();
  await page.getByRole('heading', { level: 1, name: consoleMsg('en', 'password.title') }).waitFor();
  await page.getByLabel(consoleMsg('en', 'password.current')).fill('not-the-password');
  await page
    .getByLabel(consoleMsg('en', 'auth.newPassword'), { exact: true })
    .fill('second-own-password');
  await page.getByLabel(consoleMsg('en', 'auth.repeatPassword')).fill('second-own-password');
  await page.getByRole('button', { name: consoleMsg('en', 'password.save') }).click();
  await page.getByText(consoleMsg('en', 'password.wrongCurrent')).waitFor();
  await expectAccessible(page, 'own password page');
  await captureConsole(page, 'own-password-en-1280');
  await page.getByLabel(consoleMsg('en', 'password.current')).fill('first-own-password');
  await page.getByRole('button', { name: consoleMsg('en', 'password.save') }).click();
  await page.getByText(consoleMsg('en', 'password.done', { count: 0 })).waitFor();
  const fresh = await apiCall<{ passwordChange: boolean }>(stack, 'POST', '/api/operator/login', {
    body: { username, password: 'second-own-password' },
  });
  assert.deepEqual([fresh.status, fresh.body.passwordChange], [200, false]);
});

test('a payout-account change waits for a second operator: not the cashier who asked', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const memberNo = await memberIdOf(stack, member.phone, member.password);
  const accountNo = `7${String(Date.now()).slice(-9)}`;

  // The cashier asks from the member page.
  const cashier = await consolePage(browser);
  await consoleSignIn(cashier, stack, 'cashier');
  await openInConsole(cashier, `/members/${memberNo}`);
  await cashier
    .getByRole('button', { name: consoleMsg('th', 'members.actions.changeBank') })
    .click();
  const dialog = cashier.getByRole('dialog');
  await dialog.getByText(consoleMsg('th', 'members.bank.intro')).waitFor();
  await dialog.getByLabel(consoleMsg('th', 'members.bank.bankCode')).selectOption('KBANK');
  await dialog.getByLabel(consoleMsg('th', 'members.bank.accountName')).fill('SOMEONE ELSE');
  await dialog.getByLabel(consoleMsg('th', 'members.bank.accountNo')).fill(accountNo);
  await dialog.getByLabel(consoleMsg('th', 'dialog.reason')).fill('member called');
  const asked = cashier.waitForResponse((r) => r.url().includes(`/members/${memberNo}/bank`));
  await dialog.getByRole('button', { name: consoleMsg('th', 'members.bank.save') }).click();
  const { requestId } = (await (await asked).json()) as { requestId: number };
  await cashier
    .getByText(consoleMsg('th', 'members.done.bankRequested', { id: requestId }))
    .waitFor();

  // Nothing changed yet; the cashier's own request cannot be decided by the cashier.
  const accountNow = async () =>
    (
      await apiCall<{ profile: { bank: { accountNo: string } } }>(
        stack,
        'GET',
        `/api/operator/members/${memberNo}`,
        {
          token: await operatorLoginAs(stack, 'admin'),
        },
      )
    ).body.profile.bank.accountNo;
  assert.notEqual(await accountNow(), accountNo);
  await openInConsole(cashier, '/approvals');
  const ownRow = memberRows(cashier.locator('.approvals-queue tbody tr'), memberNo);
  await ownRow.getByText(consoleMsg('th', 'approvals.own')).waitFor();
  assert.equal(
    await ownRow
      .getByRole('button', { name: new RegExp(consoleMsg('th', 'approvals.columns.approve')) })
      .isDisabled(),
    true,
  );

  // An admin approves it on the Approvals page.
  const admin = await consolePage(browser);
  await consoleSignIn(admin, stack, 'admin');
  await openInConsole(admin, '/approvals');
  const row = memberRows(admin.locator('.approvals-queue tbody tr'), memberNo);
  await row.getByText(accountNo).waitFor();
  await expectAccessible(admin, 'approvals page');
  await captureConsole(admin, 'approvals-bank-1280');
  await row
    .getByRole('button', { name: new RegExp(consoleMsg('th', 'approvals.columns.approve')) })
    .click();
  const confirm = admin.getByRole('dialog');
  await confirm
    .getByRole('button', { name: consoleMsg('th', 'approvals.approve.confirm') })
    .click();
  await admin.getByText(consoleMsg('th', 'approvals.approve.done', { id: requestId })).waitFor();
  await eventually(async () => assert.equal(await accountNow(), accountNo));
  // The control changes tab is the admin's.
  await admin.getByRole('tab', { name: consoleMsg('th', 'approvals.tabs.controls') }).click();
  await admin
    .getByRole('table', { name: consoleMsg('th', 'approvals.controls.caption') })
    .waitFor();
  await captureConsole(admin, 'approvals-controls-1280');
});
