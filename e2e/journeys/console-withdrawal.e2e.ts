// The withdrawals queue of the operator console (issue 13, decision 0090): two members ask to
// withdraw above the automatic payout limit (member API); a cashier signs in to the console,
// approves one (the sandbox bank pays it; the member's statement shows it settled) and
// rejects the other with a reason, which the Reject dialog requires; the member reads that
// reason on their statement. The provider-transfers page opens with both tabs. Screenshots at
// 1280 px (th) and 768 px (en).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi, type NewMember } from '../support/api.js';
import { appReady, eventually, msg, signIn } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  memberRows,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { bankPayouts, fundMember } from '../support/money.js';

const fx = useJourneyFixture();

/** A funded member who asked to withdraw `baht` (above the 5,000 baht automatic limit). */
async function waitingWithdrawal(baht: number) {
  const { stack } = fx;
  const member = await registerMemberApi(stack);
  const memberNo = await fundMember(stack, member, baht + 1000);
  const token = await loginApi(stack, member.phone, member.password);
  const res = await fetch(`${stack.appUrl}/api/wallet/withdrawAll`, {
    method: 'POST',
    headers: {
      'X-Wallet-User': 'member',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ amount: baht }),
  });
  const answer = (await res.json()) as { status: string; reference: string };
  assert.equal(answer.status, 'WAITING', JSON.stringify(answer));
  return { member, memberNo, token, ref: answer.reference };
}

/** The statement row of a reference, as the member's API answers it. */
async function statementRow(token: string, ref: string) {
  const res = await apiCall<{ statements: { _id: string; status: string; reason?: string }[] }>(
    fx.stack,
    'POST',
    '/api/statement',
    { token, body: { page: 1, limit: 10 } },
  );
  return res.body.statements.find((s) => s._id === ref);
}

/** The queue's row of a member (their number is in its member cell). */
const queueRow = (page: Page, memberNo: string) =>
  memberRows(page.locator('.withdrawals-page tbody tr'), memberNo);

async function memberStatement(member: NewMember): Promise<Page> {
  const page = await fx.browser.newPage();
  await signIn(page, fx.stack.appUrl, member.phone, member.password, { locale: 'en' });
  await page.goto(`${fx.stack.appUrl}/user/statement`);
  await page.getByTestId('statement-list').waitFor();
  return page;
}

test('a cashier approves one withdrawal and rejects another with a reason; the members see both', async () => {
  const { stack, browser } = fx;
  const approveMe = await waitingWithdrawal(6000);
  const rejectMe = await waitingWithdrawal(7000);

  // The cashier's queue, Thai, 1280 px: both wait, oldest first.
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'cashier');
  await openConsoleSection(page, 'th', 'withdrawals');
  await page
    .getByRole('heading', { level: 1, name: consoleMsg('th', 'withdrawals.title') })
    .waitFor();
  const tab = page.getByRole('tab', { name: consoleMsg('th', 'withdrawals.tabs.WAITING') });
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  await queueRow(page, approveMe.memberNo).waitFor();
  await queueRow(page, rejectMe.memberNo).waitFor();
  assert.match(
    (await queueRow(page, approveMe.memberNo).textContent()) ?? '',
    new RegExp(consoleMsg('th', 'withdrawals.reviewReason.over_limit')),
  );
  await captureConsole(page, 'withdrawals-queue-th-1280');

  // Approve: the dialog names the amount and the account; the bank pays it once.
  await queueRow(page, approveMe.memberNo)
    .getByRole('button', { name: consoleMsg('th', 'withdrawals.approve') })
    .click();
  const approveDialog = page.getByRole('dialog', {
    name: consoleMsg('th', 'withdrawals.approveTitle'),
  });
  await approveDialog.waitFor();
  assert.match((await approveDialog.textContent()) ?? '', /6,000\.00/);
  assert.match(
    (await approveDialog.textContent()) ?? '',
    new RegExp(approveMe.member.bankAccountNo),
  );
  await captureConsole(page, 'withdrawals-approve-th-1280');
  await approveDialog
    .getByRole('button', { name: consoleMsg('th', 'withdrawals.approve') })
    .click();
  await eventually(async () => assert.equal(await approveDialog.count(), 0));
  await eventually(async () => assert.equal(await queueRow(page, approveMe.memberNo).count(), 0));
  const payouts = await eventually(async () => {
    const list = await bankPayouts(stack, approveMe.member.bankAccountNo);
    assert.equal(list.length, 1, JSON.stringify(list));
    return list;
  }, 15_000);
  assert.equal(payouts[0]?.amount, 6000_00);
  assert.equal(payouts[0]?.status, 'PAID');

  // The member sees it paid on their statement.
  await eventually(
    async () =>
      assert.equal((await statementRow(approveMe.token, approveMe.ref))?.status, 'SUCCESS'),
    15_000,
  );
  const approvedPage = await memberStatement(approveMe.member);
  const paidRow = approvedPage
    .locator('[data-testid="statement-row"][data-type="withdraw"]')
    .first();
  await eventually(async () => {
    await approvedPage.reload();
    await appReady(approvedPage);
    assert.equal(await paidRow.getAttribute('data-status'), 'success');
  }, 15_000);
  assert.equal(await paidRow.getByTestId('statement-reason').count(), 0);
  await approvedPage.context().close();

  // Reject: the dialog requires a reason; without one it says so and sends nothing.
  await queueRow(page, rejectMe.memberNo)
    .getByRole('button', { name: consoleMsg('th', 'withdrawals.reject') })
    .click();
  const rejectDialog = page.getByRole('dialog', {
    name: consoleMsg('th', 'withdrawals.rejectTitle'),
  });
  await rejectDialog.waitFor();
  const reasonField = rejectDialog.getByLabel(consoleMsg('th', 'withdrawals.rejectReason'));
  assert.equal(await reasonField.evaluate((el) => el === document.activeElement), true);
  await rejectDialog.getByRole('button', { name: consoleMsg('th', 'withdrawals.reject') }).click();
  await rejectDialog.getByText(consoleMsg('th', 'dialog.reasonRequired')).waitFor();
  assert.equal(await reasonField.getAttribute('aria-invalid'), 'true');
  const reason = 'Account name does not match the member';
  await reasonField.fill(reason);
  await captureConsole(page, 'withdrawals-reject-th-1280');
  await rejectDialog.getByRole('button', { name: consoleMsg('th', 'withdrawals.reject') }).click();
  await eventually(async () => assert.equal(await rejectDialog.count(), 0));
  await eventually(async () => assert.equal(await queueRow(page, rejectMe.memberNo).count(), 0));

  // The Rejected tab shows who decided and the reason.
  await page.getByRole('tab', { name: consoleMsg('th', 'withdrawals.tabs.REJECTED') }).click();
  const rejectedRow = queueRow(page, rejectMe.memberNo);
  await rejectedRow.waitFor();
  const rejectedText = (await rejectedRow.textContent()) ?? '';
  assert.ok(rejectedText.includes(reason), rejectedText);
  assert.ok(rejectedText.includes('cashier'), rejectedText);
  await captureConsole(page, 'withdrawals-rejected-th-1280');
  assert.equal((await bankPayouts(stack, rejectMe.member.bankAccountNo)).length, 0);

  // The member reads the reason on their statement, in their language's words around it.
  assert.equal((await statementRow(rejectMe.token, rejectMe.ref))?.reason, reason);
  const rejectedPage = await memberStatement(rejectMe.member);
  const failedRow = rejectedPage
    .locator('[data-testid="statement-row"][data-type="withdraw"]')
    .first();
  await failedRow.waitFor();
  assert.equal(await failedRow.getAttribute('data-status'), 'failed');
  assert.equal(
    ((await failedRow.getByTestId('statement-reason').textContent()) ?? '').trim(),
    msg('en', 'statement.reason', { reason }),
  );
  await rejectedPage.context().close();
  await page.context().close();
});

test('the queue and the provider transfers at 768 px in English', async () => {
  const { stack, browser } = fx;
  const paying = await waitingWithdrawal(5500);
  const page = await consolePage(browser, { width: 768, height: 1024 });
  await page.addInitScript(() => localStorage.setItem('console.lang', 'en'));
  await consoleSignIn(page, stack, 'cashier');
  await openConsoleSection(page, 'en', 'withdrawals');
  await queueRow(page, paying.memberNo).waitFor();
  await captureConsole(page, 'withdrawals-queue-en-768');
  await page.getByRole('tab', { name: consoleMsg('en', 'withdrawals.tabs.all') }).click();
  await queueRow(page, paying.memberNo).waitFor();

  await openConsoleSection(page, 'en', 'transfers');
  await page
    .getByRole('heading', { level: 1, name: consoleMsg('en', 'transfers.title') })
    .waitFor();
  await page.getByRole('table').waitFor();
  await captureConsole(page, 'transfers-open-en-768');
  await page.getByRole('tab', { name: consoleMsg('en', 'transfers.tabs.settled') }).click();
  await page
    .getByRole('table', {
      name: consoleMsg('en', 'transfers.caption', {
        tab: consoleMsg('en', 'transfers.tabs.settled'),
      }),
    })
    .waitFor();
  await captureConsole(page, 'transfers-settled-en-768');
  await page.context().close();
});
