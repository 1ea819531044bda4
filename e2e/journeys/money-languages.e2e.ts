// Issue 3, money journey 3: the money screens in Thai, Lao and English. In each language a
// funded member with an open game account sees the home, the withdraw dialog (the minimum
// message with its bound, the server's MONEY_NOT_ENOUGH in the alert), the slot account and
// transfer dialogs (labels, placeholder, refusals), makes a small transfer, and reads the
// statement; every screen is captured at 360 px in e2e/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi } from '../support/api.js';
import { capture, eventually, HTML_LANG, LOCALES, msg, openIn, signIn } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { fundMember, openGameCard, satangText } from '../support/money.js';

const fx = useJourneyFixture();
const GAME = 'PG';

const says = (page: Page, testId: string, message: string) =>
  eventually(async () =>
    assert.ok(
      ((await page.getByTestId(testId).textContent()) ?? '').includes(message),
      `${testId} does not say "${message}"`,
    ),
  );

test('money screens in th, la and en: labels, refusals, a server error, a transfer, the statement', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  await fundMember(stack, member, 500);
  const token = await loginApi(stack, member.phone, member.password);
  const activated = await apiCall(stack, 'GET', `/api/wallet/activate/${GAME}`, { token });
  assert.equal(activated.status, 200, JSON.stringify(activated.body));
  const bounds = await apiCall<{ withdrawMin: number }>(stack, 'GET', '/api/lookup/withdraw', {
    token,
  });
  const minText = satangText(Math.round(bounds.body.withdrawMin * 100)).slice(1);

  let wallet = 500_00;
  let game = 0;
  // Signed in once; each next language is the member's choice on the same phone (openIn).
  const page = await browser.newPage();
  for (const locale of LOCALES) {
    if (locale === LOCALES[0])
      await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    else await openIn(page, stack.appUrl, '/user/home', locale);
    await page.getByTestId('home-summary').waitFor();
    assert.match((await page.getAttribute('html', 'lang')) ?? '', HTML_LANG[locale]);
    await says(page, 'home-wallet-balance', satangText(wallet));
    await says(page, 'tile-withdraw', msg(locale, 'home.tiles.withdraw'));
    await capture(page, `money-home-${locale}`, locale);

    // Withdraw: the translated title, the minimum with its bound, then the server's refusal.
    await page.getByTestId('tile-withdraw').click();
    const withdraw = page.getByTestId('withdraw-dialog');
    await withdraw.waitFor();
    await says(page, 'withdraw-dialog', msg(locale, 'withdraw.title'));
    await says(page, 'withdraw-bonus-notice', msg(locale, 'withdraw.bonusNotice'));
    const amount = withdraw.locator('input[name="amount"]');
    await amount.fill('1');
    await withdraw.getByTestId('withdraw-submit').click();
    await says(page, 'withdraw-dialog', msg(locale, 'withdraw.min', { min: minText }));
    await capture(page, `money-withdraw-${locale}`, locale);
    await amount.fill('2000');
    await withdraw.getByTestId('withdraw-submit').click();
    const alert = page.getByTestId('withdraw-error-alert');
    await alert.waitFor();
    await says(page, 'withdraw-error-alert', msg(locale, 'errors.MONEY_NOT_ENOUGH'));
    await capture(page, `money-withdraw-alert-${locale}`, locale);
    await alert.getByRole('button').first().click();
    await eventually(async () => assert.equal(await alert.count(), 0));
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await withdraw.count(), 0));

    // The slot account dialog, then the transfer dialog in this language.
    await openGameCard(page, GAME);
    await page.getByTestId('slot-account-password').waitFor();
    await says(page, 'slot-play-button', msg(locale, 'slotAccount.play'));
    await capture(page, `money-slot-account-${locale}`, locale);
    await page.getByTestId('slot-transfer-only-button').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.waitFor();
    await says(page, 'transfer-dialog', msg(locale, 'transfer.from'));
    const from = transfer.locator('select[name="from"]');
    const to = transfer.locator('select[name="to"]');
    assert.equal(
      await from.locator('option[value="NONE"]').textContent(),
      msg(locale, 'transfer.none'),
    );
    await transfer.locator('input[name="amount"]').fill('0.5');
    await transfer.getByTestId('transfer-submit').click();
    await says(page, 'transfer-dialog', msg(locale, 'transfer.minimum'));
    await to.selectOption('WALLET');
    await transfer.getByTestId('transfer-submit').click();
    await says(page, 'transfer-dialog', msg(locale, 'transfer.sameAccount'));
    await capture(page, `money-transfer-${locale}`, locale);

    // A small transfer in, with the translated success.
    await from.selectOption('WALLET');
    await to.selectOption(GAME);
    await transfer.locator('input[name="amount"]').fill('10');
    await transfer.getByTestId('transfer-submit').click();
    await says(page, 'toast', msg(locale, 'transfer.success'));
    wallet -= 10_00;
    game += 10_00;
    await says(page, 'home-wallet-balance', satangText(wallet));
    await says(page, 'home-games-balance', satangText(game));

    // The statement: translated types and statuses.
    await page.goto(`${stack.appUrl}/user/statement`);
    await page.getByTestId('statement-list').waitFor();
    const transfers = page.locator('[data-testid="statement-row"][data-type="transfer"]');
    await eventually(async () =>
      assert.equal(await transfers.count(), LOCALES.indexOf(locale) + 1),
    );
    assert.equal(
      await transfers.first().getByTestId('statement-type').textContent(),
      msg(locale, 'statement.types.transfer'),
    );
    assert.equal(
      await transfers.first().getByTestId('statement-status').textContent(),
      msg(locale, 'statement.statuses.success'),
    );
    await capture(page, `money-statement-${locale}`, locale);
  }
  await page.context().close();
});
