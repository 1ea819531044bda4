// Issue 3, money journey 1: a funded member opens a game account from the slot carousel,
// moves money wallet -> game through the transfer dialog, launches the game and plays the
// sandbox demo game (the provider balance changes), checks balances, moves money back,
// transfers everything in, meets the transfer dialog's refusals, and reads the statement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerMemberApi } from '../support/api.js';
import { appReady, capture, eventually, msg, signIn } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { fundMember, openGameCard, providerBalance, satangText } from '../support/money.js';

const fx = useJourneyFixture();
const GAME = 'PG';
/** The game's display name in the server's catalogue: the statement names games by it. */
const GAME_NAME = 'PG Soft';

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** Waits until the home's wallet, games and total figures read the given satang amounts. */
async function expectHome(page: Page, walletSatang: number, gamesSatang: number) {
  await eventually(async () => {
    assert.equal(await text(page, 'home-wallet-balance'), satangText(walletSatang));
    assert.equal(await text(page, 'home-games-balance'), satangText(gamesSatang));
    assert.equal(await text(page, 'home-total-balance'), satangText(walletSatang + gamesSatang));
  }, 10_000);
}

/** Opens the transfer dialog the member's way: the game's card, then "Transfer only". */
async function openTransfer(page: Page) {
  await openGameCard(page, GAME);
  await page.getByTestId('slot-transfer-only-button').click();
  const dialog = page.getByTestId('transfer-dialog');
  await dialog.waitFor();
  return {
    dialog,
    from: dialog.locator('select[name="from"]'),
    to: dialog.locator('select[name="to"]'),
    amount: dialog.locator('input[name="amount"]'),
    submit: dialog.getByTestId('transfer-submit'),
    all: dialog.getByTestId('transfer-all-button'),
  };
}

async function expectSuccessToast(page: Page) {
  await eventually(async () => {
    const toasts = await page.getByTestId('toast').allTextContents();
    assert.ok(
      toasts.some((t) => t.includes(msg('en', 'transfer.success'))),
      `no success toast: ${JSON.stringify(toasts)}`,
    );
  }, 10_000);
  await eventually(async () => assert.equal(await page.getByTestId('transfer-dialog').count(), 0));
}

/**
 * Clicks the web launch button and follows the game wherever it opens: the same tab (the
 * default build) or a new tab (iframe mode, unknown providers). Returns the game's page.
 */
async function followLaunch(page: Page): Promise<Page> {
  const popup = new Promise<Page>((resolve) => page.context().once('page', resolve));
  const sameTab = page
    .waitForURL((url) => url.pathname.startsWith('/play/'), { timeout: 20_000 })
    .then(() => page);
  await page.getByTestId('slot-play-button').click();
  const game = await Promise.race([sameTab, popup]);
  await game.waitForURL((url) => url.pathname.startsWith('/play/session/'), { timeout: 20_000 });
  await game.locator('.balance[data-balance]').waitFor();
  return game;
}

test('open a game, transfer in, play the demo game, check balance, transfer out, transfer all, statement', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  await fundMember(stack, member, 500);

  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await page.getByTestId('home-summary').waitFor();
  await expectHome(page, 500_00, 0);

  // The card says "Open account"; the dialog offers activation, no credentials yet.
  const card = page.getByTestId(`slot-card-${GAME}`);
  assert.equal(await card.getAttribute('data-active'), 'false');
  assert.equal(await card.getByTestId('slot-card-open').count(), 1);
  await openGameCard(page, GAME);
  const slotDialog = page.getByTestId('slot-account-dialog');
  await slotDialog.getByTestId('slot-account-inactive').waitFor();
  assert.equal(await slotDialog.getByTestId('slot-account-password').count(), 0);
  await slotDialog.getByTestId('slot-activate-button').click();

  // Active: the credentials appear, the card turns into a balance card.
  await slotDialog.getByTestId('slot-account-password').waitFor();
  const username = await text(page, 'slot-account-username');
  assert.match(username, /^pg\d{6}$/, 'the game username is not the provider account');
  assert.match(await text(page, 'slot-account-password'), /^[A-Za-z0-9]{10}$/);
  assert.equal(await text(page, 'slot-account-balance'), satangText(0));
  await eventually(async () => assert.equal(await card.getAttribute('data-active'), 'true'));
  await capture(page, 'money-games-activated-en', 'en');

  // Reset password: the provider issues a new one, shown in place of the old.
  const firstPassword = await text(page, 'slot-account-password');
  await slotDialog.getByTestId('slot-reset-password-button').click();
  await eventually(async () => {
    const now = await text(page, 'slot-account-password');
    assert.match(now, /^[A-Za-z0-9]{10}$/);
    assert.notEqual(now, firstPassword, 'the password did not change');
  });

  // Transfer-only opens the transfer dialog preset wallet -> game.
  await slotDialog.getByTestId('slot-transfer-only-button').click();
  const dialog = page.getByTestId('transfer-dialog');
  await dialog.waitFor();
  const from = dialog.locator('select[name="from"]');
  const to = dialog.locator('select[name="to"]');
  const amount = dialog.locator('input[name="amount"]');
  const submit = dialog.getByTestId('transfer-submit');
  assert.equal(await from.inputValue(), 'WALLET');
  assert.equal(await to.inputValue(), GAME);
  // The choices: the NONE placeholder, the wallet, the active game.
  const values = await from
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  assert.deepEqual(values, ['NONE', 'WALLET', GAME]);
  assert.equal(await from.locator('option').first().textContent(), msg('en', 'transfer.none'));

  const dialogSays = (message: string) =>
    eventually(async () =>
      assert.ok(
        ((await dialog.textContent()) ?? '').includes(message),
        `the transfer dialog does not say "${message}"`,
      ),
    );
  // Back on the placeholders: nothing chosen is refused.
  await from.selectOption('NONE');
  await to.selectOption('NONE');
  await amount.fill('10');
  await submit.click();
  await dialogSays(msg('en', 'transfer.chooseBoth'));
  // Source == destination is refused.
  await from.selectOption('WALLET');
  await to.selectOption('WALLET');
  await submit.click();
  await dialogSays(msg('en', 'transfer.sameAccount'));
  // Below 1 baht is refused with the minimum message.
  await to.selectOption(GAME);
  await amount.fill('0.50');
  await submit.click();
  await dialogSays(msg('en', 'transfer.minimum'));
  await capture(page, 'money-games-transfer-minimum-en', 'en');
  await expectHome(page, 500_00, 0);

  // Wallet -> game 200 baht.
  await amount.fill('200');
  await submit.click();
  await expectSuccessToast(page);
  await expectHome(page, 300_00, 200_00);
  assert.equal(await text(page, 'slot-card-balance'), satangText(200_00));
  assert.equal(await providerBalance(stack, GAME, username), 200_00);

  // Launch (web button) and play one round of the demo game.
  await openGameCard(page, GAME);
  const game = await followLaunch(page);
  const before = Number(await game.locator('.balance').getAttribute('data-balance'));
  assert.equal(before, 200_00, 'the demo game does not show the provider balance');
  await game.locator('button[name="bet"][value="100"]').click();
  await game.locator('.result[data-result]').waitFor();
  const after = Number(await game.locator('.balance').getAttribute('data-balance'));
  assert.notEqual(after, before, 'a round of the demo game left the balance unchanged');
  assert.equal(await providerBalance(stack, GAME, username), after);
  await capture(game, 'money-games-demo-game');

  // Back on the home: check balance shows the provider's new balance.
  if (game === page) {
    await page.goto(`${stack.appUrl}/user/home`);
    await appReady(page);
  } else {
    await game.close();
    await page.bringToFront();
  }
  await page.getByTestId('home-summary').waitFor();
  await page.getByTestId('check-balance-button').click();
  await expectHome(page, 300_00, after);
  assert.match(await text(page, 'home-last-sync'), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await capture(page, 'money-games-home-after-play-en', 'en');

  // Game -> wallet 50 baht.
  let t = await openTransfer(page);
  await t.from.selectOption(GAME);
  await t.to.selectOption('WALLET');
  await t.amount.fill('50');
  await t.submit.click();
  await expectSuccessToast(page);
  await expectHome(page, 350_00, after - 50_00);

  // transferAll: the whole wallet into the game.
  t = await openTransfer(page);
  assert.equal(await t.to.inputValue(), GAME);
  await t.all.click();
  await expectSuccessToast(page);
  await expectHome(page, 0, after + 300_00);
  assert.equal(await providerBalance(stack, GAME, username), after + 300_00);

  // The statement lists the three transfers, each a success.
  await page.goto(`${stack.appUrl}/user/statement`);
  await page.getByTestId('statement-list').waitFor();
  const rows = page.locator('[data-testid="statement-row"][data-type="transfer"]');
  await eventually(async () => assert.equal(await rows.count(), 3));
  const seen = [];
  for (let i = 0; i < 3; i += 1) {
    const row = rows.nth(i);
    seen.push({
      // The visible "Wallet → PG Soft" (a visually hidden sentence says the same for readers).
      parties: await row
        .getByTestId('statement-parties')
        .locator('[aria-hidden="true"]')
        .textContent(),
      amount: await row.getByTestId('statement-amount').textContent(),
      status: await row.getAttribute('data-status'),
      label: await row.getByTestId('statement-status').textContent(),
    });
  }
  // Newest first.
  assert.deepEqual(seen, [
    {
      parties: `Wallet → ${GAME_NAME}`,
      amount: satangText(350_00),
      status: 'success',
      label: msg('en', 'statement.statuses.success'),
    },
    {
      parties: `${GAME_NAME} → Wallet`,
      amount: satangText(50_00),
      status: 'success',
      label: msg('en', 'statement.statuses.success'),
    },
    {
      parties: `Wallet → ${GAME_NAME}`,
      amount: satangText(200_00),
      status: 'success',
      label: msg('en', 'statement.statuses.success'),
    },
  ]);
  await capture(page, 'money-games-statement-en', 'en');
  await page.context().close();
});
