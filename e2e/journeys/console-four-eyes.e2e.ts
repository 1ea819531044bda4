// Four-eyes adjustments in the console (issue 13, decision 0089). A cashier opens the
// adjustments section from a member link (the member number is filled in), sees the
// approval threshold, and asks for a credit above it: it becomes a waiting request, and the
// member's balance does not move. The same cashier cannot approve it: the buttons are off
// with the reason, and the server refuses the call too. An admin, in a second browser
// context, approves it, and the member's balance (member API) rises by exactly the amount.
// Screenshots at 1280 px and 768 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, operatorLoginAs, registerMemberApi } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  memberRows,
  openConsoleSection,
  openInConsole,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { memberIdOf } from '../support/money.js';
import { walletBaht } from '../support/promotions.js';

const fx = useJourneyFixture();
const AMOUNT = 1500.25;

/** The queue's row of the member's request (the member number is in the row). */
const requestRow = (page: Page, memberId: string) =>
  memberRows(page.locator('.adjustments-queue tbody tr'), memberId);

test('a cashier asks, the same cashier cannot approve, an admin approves; the balance rises by the amount', async () => {
  const stack = fx.stack;
  const member = await registerMemberApi(stack);
  const memberId = await memberIdOf(stack, member.phone, member.password);
  const memberToken = await loginApi(stack, member.phone, member.password);
  const before = await walletBaht(stack, memberToken);

  // The cashier, in Thai (the console's default language).
  const cashier = await consolePage(fx.browser);
  await consoleSignIn(cashier, stack, 'cashier');
  await openInConsole(cashier, `/adjustments?member=${memberId}`);
  await cashier
    .getByRole('heading', { level: 1, name: consoleMsg('th', 'adjustments.title') })
    .waitFor();
  const memberField = cashier.getByLabel(consoleMsg('th', 'adjustments.form.member'));
  assert.equal(await memberField.inputValue(), memberId, 'member number from ?member=');
  await cashier
    .getByText(consoleMsg('th', 'adjustments.form.threshold', { amount: '1,000.00' }))
    .waitFor();
  await cashier.getByLabel(consoleMsg('th', 'adjustments.form.amount')).fill(String(AMOUNT));
  await cashier.getByLabel(consoleMsg('th', 'adjustments.form.credit')).check();
  await cashier
    .getByLabel(consoleMsg('th', 'adjustments.form.reason'), { exact: true })
    .fill('ชดเชยยอดฝากที่ล่าช้า');
  const asked = cashier.waitForResponse(
    (r) => r.url().endsWith('/api/operator/adjustments') && r.request().method() === 'POST',
  );
  await cashier.getByRole('button', { name: consoleMsg('th', 'adjustments.form.submit') }).click();
  const answer = (await (await asked).json()) as { status: string; requestId: number };
  assert.equal(answer.status, 'pending');
  await cashier
    .getByText(consoleMsg('th', 'adjustments.form.pending', { id: answer.requestId }))
    .waitFor();
  assert.equal(await walletBaht(stack, memberToken), before, 'nothing moves before approval');

  // The requester cannot decide it: both buttons are off, with the reason beside them...
  const row = requestRow(cashier, memberId);
  await row.waitFor();
  const approve = row.getByRole('button', { name: consoleMsg('th', 'adjustments.queue.approve') });
  assert.equal(await approve.isDisabled(), true, 'approve is off for the requester');
  assert.equal(
    await row
      .getByRole('button', { name: consoleMsg('th', 'adjustments.queue.reject') })
      .isDisabled(),
    true,
  );
  await row.getByText(consoleMsg('th', 'adjustments.queue.own')).waitFor();
  await captureConsole(cashier, 'four-eyes-cashier-1280');
  await cashier.setViewportSize({ width: 768, height: 1024 });
  await captureConsole(cashier, 'four-eyes-cashier-768');
  // ...and the server refuses the call anyway.
  const refused = await apiCall<{ message: string }>(
    stack,
    'POST',
    `/api/operator/adjustments/requests/${answer.requestId}/approve`,
    { token: await operatorLoginAs(stack, 'cashier') },
  );
  assert.deepEqual([refused.status, refused.body], [403, { message: 'UNAUTHORIZED' }]);

  // The admin, in another browser context, in English.
  const admin = await consolePage(fx.browser);
  await consoleSignIn(admin, stack, 'admin');
  await admin.getByRole('combobox', { name: /ภาษา|Language/ }).selectOption('en');
  await openConsoleSection(admin, 'en', 'adjustments');
  const adminRow = requestRow(admin, memberId);
  await adminRow.waitFor();
  await adminRow
    .getByRole('button', { name: consoleMsg('en', 'adjustments.queue.approve') })
    .click();
  const dialog = admin.getByRole('dialog', {
    name: consoleMsg('en', 'adjustments.approve.title', { id: answer.requestId }),
  });
  await dialog.waitFor();
  await captureConsole(admin, 'four-eyes-admin-approve-1280');
  await dialog
    .getByRole('button', { name: consoleMsg('en', 'adjustments.approve.confirm') })
    .click();
  await adminRow.getByText(consoleMsg('en', 'adjustments.status.approved')).waitFor();
  await adminRow
    .getByText(consoleMsg('en', 'adjustments.queue.decidedBy', { name: 'Administrator (admin)' }))
    .waitFor();

  // The member sees exactly the amount.
  await eventually(async () => {
    const after = await walletBaht(stack, memberToken);
    assert.equal(Math.round((after - before) * 100), Math.round(AMOUNT * 100));
  }, 5_000);
  await admin.context().close();
  await cashier.context().close();
});

test('an admin adds an operator: the temporary password is shown once, and their own row cannot be deactivated', async () => {
  const stack = fx.stack;
  const admin = await consolePage(fx.browser);
  await consoleSignIn(admin, stack, 'admin');
  await openConsoleSection(admin, 'th', 'operators');
  await admin
    .getByRole('heading', { level: 1, name: consoleMsg('th', 'operators.title') })
    .waitFor();
  // Their own row: deactivation is off, with the reason.
  const own = admin.locator('tbody tr', { hasText: consoleMsg('th', 'operators.you') });
  assert.equal(
    await own
      .getByRole('button', { name: consoleMsg('th', 'operators.actions.deactivate') })
      .isDisabled(),
    true,
  );
  await own.getByText(consoleMsg('th', 'operators.actions.self')).waitFor();

  await admin.getByRole('button', { name: consoleMsg('th', 'operators.create') }).click();
  const form = admin.getByRole('dialog', { name: consoleMsg('th', 'operators.form.createTitle') });
  await form.getByLabel(consoleMsg('th', 'operators.form.username')).fill('nok.cashier');
  await form.getByLabel(consoleMsg('th', 'operators.form.displayName')).fill('นก แคชเชียร์');
  await form.getByLabel(consoleMsg('th', 'operators.form.role')).selectOption('cashier');
  await form.getByRole('button', { name: consoleMsg('th', 'operators.form.save') }).click();
  const shown = admin.getByRole('dialog', {
    name: consoleMsg('th', 'operators.password.title', { name: 'นก แคชเชียร์ (nok.cashier)' }),
  });
  await shown.waitFor();
  const password = await shown
    .getByLabel(consoleMsg('th', 'operators.password.label'))
    .inputValue();
  assert.match(password, /^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
  await captureConsole(admin, 'operators-password-1280');
  await shown.getByRole('button', { name: consoleMsg('th', 'operators.password.done') }).click();
  const row = admin.locator('tbody tr', { hasText: 'nok.cashier' });
  await row.getByText(consoleMsg('th', 'operators.totp.no')).waitFor();
  assert.equal(await admin.getByText(password).count(), 0, 'the password is gone once closed');
  // The new operator signs in with it (enrolling an authenticator comes next).
  const first = await apiCall<{ step: string }>(stack, 'POST', '/api/operator/login', {
    body: { username: 'nok.cashier', password },
  });
  assert.deepEqual([first.status, first.body.step], [200, 'enrol']);
  await captureConsole(admin, 'operators-1280');
  await admin.setViewportSize({ width: 768, height: 1024 });
  await captureConsole(admin, 'operators-768');
  await admin.context().close();
});
