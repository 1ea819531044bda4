// Issue 3, money journey 2: the withdraw dialog of a funded member. Below withdrawMin the
// field says the bound; more than the wallet holds comes back MONEY_NOT_ENOUGH in the modal
// alert; a valid amount gives the 'waiteTransfer' success, the sandbox bank receives the
// payout, and the statement lists the withdrawal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi } from '../support/api.js';
import { appReady, capture, eventually, msg, signIn } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { bankPayouts, fundMember, satangText } from '../support/money.js';

const fx = useJourneyFixture();

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** '100.00', as the app's formatAmount writes a bound (baht from the lookup, as satang). */
const boundText = (baht: number) => satangText(Math.round(baht * 100)).slice(1);

test('withdraw: below the minimum, more than the wallet, then a payout the bank receives', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  await fundMember(stack, member, 1000);
  const token = await loginApi(stack, member.phone, member.password);
  const bounds = await apiCall<{ withdrawMin: number; withdrawMax: number }>(
    stack,
    'GET',
    '/api/lookup/withdraw',
    { token },
  );
  assert.equal(bounds.status, 200);
  const { withdrawMin, withdrawMax } = bounds.body;
  assert.ok(withdrawMin > 1 && withdrawMax > 2000, `unexpected bounds ${JSON.stringify(bounds)}`);

  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await eventually(async () =>
    assert.equal(await text(page, 'home-wallet-balance'), satangText(1000_00)),
  );

  await page.getByTestId('tile-withdraw').click();
  const dialog = page.getByTestId('withdraw-dialog');
  await dialog.waitFor();
  await eventually(async () =>
    assert.equal(await text(page, 'withdraw-available'), satangText(1000_00)),
  );
  assert.match(await text(page, 'withdraw-bank'), new RegExp(member.bankAccountName));
  assert.equal(await text(page, 'withdraw-bonus-notice'), msg('en', 'withdraw.bonusNotice'));
  const amount = dialog.locator('input[name="amount"]');
  const submit = dialog.getByTestId('withdraw-submit');
  const says = (message: string) =>
    eventually(async () =>
      assert.ok(
        ((await dialog.textContent()) ?? '').includes(message),
        `the withdraw dialog does not say "${message}"`,
      ),
    );

  // Below withdrawMin: the field error names the bound; nothing is sent.
  await amount.fill(String(Math.floor(withdrawMin / 2)));
  await submit.click();
  const minMessage = msg('en', 'withdraw.min', { min: boundText(withdrawMin) });
  await says(minMessage);
  assert.match(minMessage, /\d/, 'the minimum message carries no bound');
  await capture(page, 'money-withdraw-min-en', 'en');

  // More than the wallet holds (within the bounds): the server's MONEY_NOT_ENOUGH, in the alert.
  await amount.fill('2000');
  await submit.click();
  const alert = page.getByTestId('withdraw-error-alert');
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', new RegExp(msg('en', 'errors.MONEY_NOT_ENOUGH')));
  assert.equal(await alert.getAttribute('role'), 'alertdialog');
  await capture(page, 'money-withdraw-not-enough-en', 'en');
  await alert.getByRole('button').first().click();
  await eventually(async () => assert.equal(await alert.count(), 0));
  assert.equal(await bankPayouts(stack, member.bankAccountNo).then((p) => p.length), 0);

  // A valid withdrawal: the success toast, the dialog closes, the wallet is refreshed.
  await amount.fill('300');
  await submit.click();
  await eventually(async () => {
    const toasts = await page.getByTestId('toast').allTextContents();
    assert.ok(
      toasts.some((t) => t.includes(msg('en', 'withdraw.waiteTransfer'))),
      `no waiteTransfer toast: ${JSON.stringify(toasts)}`,
    );
  }, 10_000);
  await eventually(async () => assert.equal(await dialog.count(), 0));
  await eventually(async () =>
    assert.equal(await text(page, 'home-wallet-balance'), satangText(700_00)),
  );

  // The sandbox bank paid the member's account exactly once.
  const payouts = await eventually(async () => {
    const list = await bankPayouts(stack, member.bankAccountNo);
    assert.equal(list.length, 1, `payouts: ${JSON.stringify(list)}`);
    return list;
  }, 15_000);
  assert.equal(payouts[0]?.status, 'PAID');
  assert.equal(payouts[0]?.amount, 300_00);
  assert.equal(payouts[0]?.bankCode, member.bankCode);
  assert.equal(payouts[0]?.accountName, member.bankAccountName);

  // The bank's page shows it too (what a tester looks at).
  const bankPage = await page.context().newPage();
  await bankPage.goto(`${stack.sandboxUrl}/bank`);
  const bankText = (await bankPage.locator('body').innerText()).replace(/(\d)-(?=\d)/g, '$1');
  assert.ok(bankText.includes(member.bankAccountNo), 'the /bank page does not list the account');
  assert.match(bankText, /฿300\.00 PAID/);
  await bankPage.close();

  // The statement lists the withdrawal, settled once the payout is confirmed.
  await page.goto(`${stack.appUrl}/user/statement`);
  const row = page.locator('[data-testid="statement-row"][data-type="withdraw"]');
  await eventually(
    async () => {
      await page.reload();
      await appReady(page);
      await page.getByTestId('statement-list').waitFor();
      assert.equal(await row.count(), 1);
      assert.equal(await row.getByTestId('statement-amount').textContent(), satangText(300_00));
      assert.equal(await row.getAttribute('data-status'), 'success');
    },
    20_000,
    1_000,
  );
  assert.equal(
    await row.getByTestId('statement-type').textContent(),
    msg('en', 'statement.types.withdraw'),
  );
  await capture(page, 'money-statement-withdraw-en', 'en');
  await page.context().close();
});
