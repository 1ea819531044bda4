// Issue 12, bonuses (decision 0071): a member deposits for real (QR paid at the sandbox
// bank), receives a bonus from its card (th) or with a promotion code (la), watches the
// turnover move after playing at the sandbox provider, is refused the next deposit, is
// warned before a withdrawal, and cancels a lost bonus (en). Decisions 0112, 0113: a
// withdrawal while a bonus is open shows what is withdrawable and the own money it forfeits,
// which the member ticks by its figure; the server's newer figure is asked again (th).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi } from '../support/api.js';
import type { Locale } from '../support/app.js';
import { appReady, capture, closeWithEscape, eventually, msg, signIn } from '../support/app.js';
import { expectToast } from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { adjustWallet, bankPayouts, memberIdOf, satangText } from '../support/money.js';
import { depositByQr, moveMoney, openGame, playRounds, walletBaht } from '../support/promotions.js';

const fx = useJourneyFixture();

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

interface Grant {
  kind: string;
  credited: number;
  required: number;
  played: number;
  own: number;
  locked: number;
}
const turnover = async (token: string) =>
  (
    await apiCall<{
      grants: Grant[];
      forfeitOnWithdraw: number;
      withdrawable: number;
      wallet: number;
    }>(fx.stack, 'GET', '/api/bonus/turnover', { token })
  ).body;

/** A fresh member with a credited deposit, signed in on the bonus page. */
async function depositedMember(locale: Locale, baht: number) {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const token = await loginApi(stack, member.phone, member.password);
  await depositByQr(stack, token, baht);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale });
  await page.getByTestId('tile-bonus-conditions').click();
  await page.getByTestId('bonus-page').waitFor();
  return { member, token, page };
}

test('th: a bonus from its card, its terms first, then turnover that moves with sandbox play', async () => {
  const { stack } = fx;
  const { token, page } = await depositedMember('th', 200);
  const cards = page.getByTestId('bonus-card');
  await eventually(async () => assert.equal(await cards.count(), 3));
  await capture(page, 'promotions-bonus-cards', 'th');

  // The welcome bonus: its dialog shows the notice and the terms before receiving.
  await cards.filter({ hasText: 'ต้อนรับ' }).click();
  const terms = page.getByTestId('bonus-terms');
  await terms.waitFor();
  assert.match(await text(page, 'terms-turnover'), /3/);
  assert.ok((await text(page, 'bonus-notice')).includes('10'), 'the notice has its percentFail');
  await capture(page, 'promotions-bonus-dialog', 'th');
  await page.getByTestId('bonus-receive').click();
  await expectToast(page, msg('th', 'bonus.receivedToast'), 'success');
  await page.getByTestId('bonus-active').waitFor();
  assert.equal(await text(page, 'bonus-active-type'), msg('th', 'bonus.kinds.bonus'));
  // 100% of the 200 baht deposit: 400 in the wallet, turnover 3 x 400 = 1,200 baht.
  assert.equal(await walletBaht(stack, token), 400);
  const [grant] = (await turnover(token)).grants;
  assert.deepEqual(
    {
      kind: grant?.kind,
      credited: grant?.credited,
      required: grant?.required,
      played: grant?.played,
    },
    { kind: 'bonus', credited: 200, required: 1200, played: 0 },
  );

  // Play at the sandbox provider: 40 rounds of 10 baht on PG count 100%.
  const pg = await openGame(stack, token, 'PG');
  await moveMoney(stack, token, 'WALLET', 'PG', 400);
  const played = await playRounds(stack, 'PG', pg, { rounds: 40, bet: 1000, outcome: 'win' });
  assert.equal(played.bets, 40_000);
  await page.reload();
  await appReady(page);
  const bar = page.getByTestId('turnover-grant').getByRole('progressbar');
  await eventually(async () => assert.equal(await bar.getAttribute('aria-valuenow'), '33'));
  assert.ok((await text(page, 'turnover-figures')).includes('400.00'), 'played 400 of 1,200');
  await capture(page, 'promotions-turnover', 'th');

  // The home shows the same progress, linking to the bonus page.
  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  await page.getByTestId('home-turnover').waitFor();
  assert.ok((await text(page, 'home-turnover-figures')).includes('400.00'));
  await page.getByTestId('home-turnover-link').click();
  await page.getByTestId('bonus-page').waitFor();
});

test('la: a bonus by promotion code; the next deposit is refused and the withdrawal warns first', async () => {
  const { stack } = fx;
  const { token, page } = await depositedMember('la', 100);
  const code = page.getByTestId('promotion-code');
  await code.fill('welcome50');
  assert.equal(await code.inputValue(), 'WELCOME50');
  await page.getByTestId('promotion-search').click();
  await page.getByTestId('promotion-description').waitFor();
  assert.match(await text(page, 'promotion-description'), /WELCOME50/);
  await page.getByTestId('bonus-terms').waitFor();
  await capture(page, 'promotions-code-dialog', 'la');
  await page.getByTestId('promotion-receive').click();
  await expectToast(page, msg('la', 'bonus.promotionToast'), 'success');
  await page.getByTestId('bonus-active').waitFor();
  assert.equal(await text(page, 'bonus-active-type'), msg('la', 'bonus.kinds.promotion'));
  assert.equal(await walletBaht(stack, token), 150); // +50% of 100
  const current = await apiCall<{ code: string }>(stack, 'GET', '/api/promotion/current', {
    token,
  });
  assert.equal(current.body.code, 'WELCOME50');

  // The next deposit waits for the bonus to end.
  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  await page.getByTestId('tile-deposit').click();
  // (Another amount than the first deposit's: an identical request of the same session
  // within seconds would be answered as a replay, decision 0053.)
  const refused = await apiCall<{ message: string }>(stack, 'POST', '/api/qrcode/KBANK', {
    token,
    body: { amount: 120 },
  });
  assert.deepEqual([refused.status, refused.body.message], [409, 'BONUS_REMAINING']);
  await closeWithEscape(page, 'deposit-dialog');

  // The withdraw dialog names what a withdrawal would take back, and asks to confirm.
  await page.getByTestId('tile-withdraw').click();
  const warning = page.getByTestId('withdraw-forfeit-warning');
  await warning.waitFor();
  assert.equal(
    await text(page, 'withdraw-forfeit-amount'),
    msg('la', 'bonus.withdraw.warning', { forfeit: satangText(50_00).replace(/^\D+/, '') }),
  );
  // Decision 0112: the 100 baht deposited is the member's own and withdrawable whole.
  assert.equal(await text(page, 'withdraw-withdrawable'), satangText(100_00));
  assert.equal(await text(page, 'withdraw-locked'), satangText(50_00));
  await capture(page, 'promotions-withdraw-warning', 'la');
});

test('en: a lost bonus is cancelled after a confirmation; the statement shows its end', async () => {
  const { stack } = fx;
  const { token, page } = await depositedMember('en', 100);
  // The welcome bonus (3x): losing everything plays 200 of its 600 baht of turnover.
  await page.getByTestId('bonus-card').filter({ hasText: 'Welcome' }).click();
  await page.getByTestId('bonus-receive').click();
  await page.getByTestId('bonus-active').waitFor();
  assert.equal(await walletBaht(stack, token), 200);

  // Above 10% of deposit + bonus the bonus stays.
  const early = await apiCall<{ message: string }>(stack, 'GET', '/api/bonus/clear', { token });
  assert.deepEqual([early.status, early.body.message], [400, 'BONUS_CONDITION']);
  await page.getByTestId('bonus-cancel').click();
  await page.getByTestId('bonus-cancel-yes').click();
  // The refusal: an alert titled with the cancel-failure message, saying why.
  const refusal = page
    .getByRole('alertdialog')
    .filter({ hasText: msg('en', 'errors.BONUS_CONDITION') });
  await refusal.waitFor();
  await capture(page, 'promotions-cancel-refused', 'en');
  await refusal.getByRole('button').first().click();
  await refusal.waitFor({ state: 'detached' });

  // Everything is lost at the provider: now it may end.
  const pg = await openGame(stack, token, 'PG');
  await moveMoney(stack, token, 'WALLET', 'PG', 200);
  const lost = await playRounds(stack, 'PG', pg, { rounds: 200, bet: 1000, outcome: 'lose' });
  assert.equal(lost.balance, 0);
  await page.reload();
  await appReady(page);
  await page.getByTestId('bonus-active-name').waitFor();
  await page.getByTestId('bonus-cancel').click();
  // Everything was lost: no promotion money is left to forfeit, and no own money either.
  assert.equal(
    await text(page, 'bonus-cancel-forfeit'),
    msg('en', 'bonus.cancelForfeit', { amount: '0.00' }),
  );
  assert.equal(
    await text(page, 'bonus-cancel-keep'),
    msg('en', 'bonus.cancelKeep', { amount: '0.00' }),
  );
  await page.getByTestId('bonus-cancel-yes').click();
  await expectToast(page, msg('en', 'errors.BONUS_CLEAR'), 'success');
  await eventually(async () => assert.equal(await page.getByTestId('bonus-active').count(), 0));
  await page.getByTestId('promotion-code').waitFor();

  const statement = await apiCall<{ statements: { statementType: string; bonus?: unknown }[] }>(
    stack,
    'POST',
    '/api/statement',
    { token, body: { page: 1, limit: 10 } },
  );
  const types = statement.body.statements.map((s) => s.statementType);
  assert.ok(types.includes('finish_bonus'), `statement: ${types.join(', ')}`);
  assert.ok(types.includes('bonus'), `statement: ${types.join(', ')}`);
  await page.goto(`${stack.appUrl}/user/statement`);
  // Promotion rows say what happened, by name, with no code (issue 26, decision 0132).
  const ended = page
    .getByTestId('statement-row')
    .filter({
      hasText: msg('en', 'statement.promotion.ended', {
        kind: msg('en', 'statement.promotion.kinds.bonus'),
      }),
    })
    .first();
  await ended.waitFor();
  assert.equal(
    await ended.getByTestId('statement-parties').textContent(),
    msg('en', 'statement.promotion.nothingForfeited'),
  );
  const received = page.locator('[data-testid="statement-row"][data-type="bonus"]').first();
  assert.equal(
    await received.getByTestId('statement-type').textContent(),
    msg('en', 'statement.promotion.received', {
      kind: msg('en', 'statement.promotion.kinds.bonus'),
    }),
  );
  const list = (await page.getByTestId('statement-list').textContent()) ?? '';
  assert.doesNotMatch(list, /\bBONUS\b|\bWALLET\b/);
  await capture(page, 'promotions-statement', 'en');
});

test('th at 360 px: a withdrawal while a bonus is open asks for the exact figure it forfeits', async () => {
  const { stack } = fx;
  const { member, token, page } = await depositedMember('th', 200);
  // The welcome bonus (100%): 400 in the wallet, 200 of it the member's own.
  await page.getByTestId('bonus-card').filter({ hasText: 'ต้อนรับ' }).click();
  await page.getByTestId('bonus-receive').click();
  await page.getByTestId('bonus-active').waitFor();
  // The cancel confirm names the promotion money it would forfeit and the own money kept.
  await page.getByTestId('bonus-active-name').waitFor();
  await page.getByTestId('bonus-cancel').click();
  assert.equal(
    await text(page, 'bonus-cancel-forfeit'),
    msg('th', 'bonus.cancelForfeit', { amount: '200.00' }),
  );
  assert.equal(
    await text(page, 'bonus-cancel-keep'),
    msg('th', 'bonus.cancelKeep', { amount: '200.00' }),
  );
  await capture(page, 'promotions-cancel-confirm', 'th');
  await page.getByRole('button', { name: msg('th', 'bonus.cancelNo') }).click();
  assert.deepEqual(
    await turnover(token).then((t) => [t.wallet, t.withdrawable, t.forfeitOnWithdraw]),
    [400, 200, 200],
  );

  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  await page.getByTestId('tile-withdraw').click();
  const dialog = page.getByTestId('withdraw-dialog');
  await dialog.getByTestId('withdraw-forfeit-warning').waitFor();
  assert.equal(await text(page, 'withdraw-withdrawable'), satangText(200_00));
  assert.equal(await text(page, 'withdraw-locked'), satangText(200_00));
  const amount = dialog.getByTestId('withdraw-amount');
  const submit = dialog.getByTestId('withdraw-submit');
  await eventually(async () => assert.equal(await submit.isDisabled(), false));

  // Above what is withdrawable: explained before anything is sent.
  await amount.fill('300');
  await submit.click();
  await dialog.getByText(msg('th', 'bonus.withdraw.overBonus', { amount: '200.00' })).waitFor();
  // "Withdraw all my money" fills 200: nothing of the member's own is forfeited.
  await dialog.getByTestId('withdraw-all').click();
  assert.equal(await amount.inputValue(), '200.00');
  assert.equal(await text(page, 'withdraw-forfeit-rest'), msg('th', 'bonus.withdraw.noForfeit'));
  assert.equal(await dialog.getByTestId('withdraw-forfeit-confirm').count(), 0);

  // 100 baht: the other 100 of the member's own is forfeited; the figure follows the typing.
  await amount.fill('100');
  assert.equal(
    await text(page, 'withdraw-forfeit-rest'),
    msg('th', 'bonus.withdraw.remainder', { rest: '100.00' }),
  );
  await submit.click();
  await dialog.getByTestId('withdraw-forfeit-error').waitFor();
  const tick = dialog.getByLabel(msg('th', 'bonus.withdraw.confirm', { rest: '100.00' }));
  await tick.check();
  await capture(page, 'promotions-withdraw-confirm', 'th');

  // Meanwhile an operator credits 50 baht of the member's own: the server's figure moves
  // to 150 and it refuses the old one; the dialog shows the new figure and asks again.
  await adjustWallet(stack, await memberIdOf(stack, member.phone, member.password), 50);
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/wallet/withdrawAll')) sent.push(request.postDataJSON());
  });
  await submit.click();
  const changed = dialog.getByTestId('withdraw-forfeit-changed');
  await changed.waitFor();
  assert.equal(
    await text(page, 'withdraw-forfeit-changed'),
    msg('th', 'bonus.withdraw.changedForfeit', { rest: '150.00' }),
  );
  assert.equal(await page.getByTestId('withdraw-error-alert').count(), 0);
  const again = dialog.getByLabel(msg('th', 'bonus.withdraw.confirm', { rest: '150.00' }));
  assert.equal(await again.isChecked(), false);
  await capture(page, 'promotions-withdraw-reask', 'th');
  await again.check();
  await submit.click();
  await expectToast(page, msg('th', 'withdraw.waiteTransfer'), 'success');
  assert.deepEqual(sent, [
    { amount: 100, confirmForfeit: 100 },
    { amount: 100, confirmForfeit: 150 },
  ]);

  // 100 paid to the bank; the bonus (200) went back and the confirmed 150 was forfeited.
  await eventually(async () => assert.equal(await walletBaht(stack, token), 0));
  const payouts = await eventually(async () => {
    const list = await bankPayouts(stack, member.bankAccountNo);
    assert.equal(list.length, 1, `payouts: ${JSON.stringify(list)}`);
    return list;
  }, 15_000);
  assert.equal(payouts[0]?.amount, 100_00);
  assert.deepEqual((await turnover(token)).grants, []);
});
