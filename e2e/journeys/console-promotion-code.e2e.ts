// Issue 13, the promotions section (decision 0092): a marketing operator creates a promotion
// code in the console (the form first refuses an empty description with the catalogue's
// KEY_MISSING text; the member preview shows the bonus's terms); a member who deposited by
// QR redeems the code on the member app's bonus page and receives the bonus; the code's
// uses list the member. Screenshots of every tab at 1280 px and 768 px.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { loginApi, registerMemberApi } from '../support/api.js';
import { eventually, msg, signIn } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
} from '../support/console.js';
import { expectToast } from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { memberIdOf } from '../support/money.js';
import { depositByQr, walletBaht } from '../support/promotions.js';

const fx = useJourneyFixture();
const th = (key: string, params?: Record<string, string | number>) => consoleMsg('th', key, params);

async function openPromotions(page: Page): Promise<void> {
  await openConsoleSection(page, 'th', 'promotions');
  await page.getByRole('tablist', { name: th('promotions.tabs.label') }).waitFor();
}

async function openTab(page: Page, tab: string, testId: string): Promise<void> {
  await page.getByRole('tab', { name: th(`promotions.tabs.${tab}`) }).click();
  await page.getByTestId(testId).waitFor();
}

test('marketing creates a promotion code in the console; a member redeems it and gets the bonus', async () => {
  const { stack, browser } = fx;
  const code = `E2E${randomInt(100_000, 999_999)}`;
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'marketing');
  await openPromotions(page);
  await page
    .getByTestId('bonuses-tab')
    .getByRole('cell', { name: 'CODE50', exact: true })
    .waitFor();
  await captureConsole(page, 'promotions-bonuses');

  // The bonus editor with its member preview.
  await page
    .getByRole('button', { name: th('promotions.bonuses.editLabel', { code: 'WELCOME' }) })
    .click();
  const bonusEditor = page.getByTestId('bonus-editor');
  await bonusEditor.getByTestId('preview-terms').waitFor();
  await captureConsole(page, 'promotions-bonus-editor');
  await bonusEditor.getByRole('button', { name: th('dialog.cancel') }).click();

  // A new code: an empty description is refused on the form with the catalogue's text.
  await openTab(page, 'codes', 'codes-tab');
  await page.getByTestId('code-new').click();
  const editor = page.getByTestId('code-editor');
  await editor.getByTestId('code-code').fill(code.toLowerCase());
  assert.equal(await editor.getByTestId('code-code').inputValue(), code);
  await editor.getByTestId('code-bonus').selectOption('CODE50');
  await editor.getByTestId('promo-save').click();
  const problems = editor.locator('.field-error');
  await eventually(async () => assert.equal(await problems.count(), 3));
  assert.equal((await problems.first().textContent())?.trim(), th('errors.KEY_MISSING'));
  const description = {
    th: `รับเพิ่ม 50% ด้วยโค้ด ${code}`,
    la: `ຮັບເພີ່ມ 50% ດ້ວຍໂຄດ ${code}`,
    en: `Get 50% more with ${code}`,
  };
  for (const [locale, text] of Object.entries(description))
    await editor.getByTestId(`code-description-${locale}`).fill(text);
  await editor.getByLabel(th('promotions.codes.fields.maxUsesTotal')).fill('10');
  // The preview shows the member's dialog with CODE50's terms: 50% up to 300 baht.
  const preview = editor.getByTestId('code-preview');
  assert.match((await preview.textContent()) ?? '', new RegExp(description.th));
  assert.match((await preview.getByTestId('preview-terms').textContent()) ?? '', /50%.*300\.00/);
  await captureConsole(page, 'promotions-code-editor');
  await editor.getByTestId('promo-save').click();
  await page.getByRole('status').getByText(th('promotions.form.created')).waitFor();
  await editor.waitFor({ state: 'detached' });
  const row = page.getByTestId('codes-tab').getByRole('row').filter({ hasText: code });
  await eventually(async () => assert.match((await row.textContent()) ?? '', /0 \/ 10/));
  await captureConsole(page, 'promotions-codes');

  // The member deposits 200 baht by QR and redeems the code on the bonus page (Thai).
  const member = await registerMemberApi(stack);
  const token = await loginApi(stack, member.phone, member.password);
  const memberNo = await memberIdOf(stack, member.phone, member.password);
  await depositByQr(stack, token, 200);
  const memberPage = await browser.newPage();
  await signIn(memberPage, stack.appUrl, member.phone, member.password, { locale: 'th' });
  await memberPage.getByTestId('tile-bonus-conditions').click();
  await memberPage.getByTestId('bonus-page').waitFor();
  await memberPage.getByTestId('promotion-code').fill(code.toLowerCase());
  await memberPage.getByTestId('promotion-search').click();
  await memberPage.getByTestId('promotion-description').waitFor();
  assert.equal(
    (await memberPage.getByTestId('promotion-description').textContent())?.trim(),
    description.th,
  );
  await memberPage.getByTestId('promotion-receive').click();
  await expectToast(memberPage, msg('th', 'bonus.promotionToast'), 'success');
  await memberPage.getByTestId('bonus-active').waitFor();
  assert.equal(await walletBaht(stack, token), 300); // 200 + 50% of 200
  await memberPage.close();

  // The console lists the member among the code's uses.
  await page.getByRole('button', { name: th('promotions.codes.usesLabel', { code }) }).click();
  const uses = page.getByTestId('code-uses');
  await eventually(async () =>
    assert.match((await uses.getByRole('row').nth(1).textContent()) ?? '', new RegExp(memberNo)),
  );
  await captureConsole(page, 'promotions-code-uses');
  await uses.getByRole('button', { name: th('app.close') }).click();

  await openTab(page, 'rates', 'rates-tab');
  await page.getByTestId('invite-form').waitFor();
  await captureConsole(page, 'promotions-rates');
  await openTab(page, 'spin', 'spin-tab');
  await page.getByTestId('wheel-preview').waitFor();
  await captureConsole(page, 'promotions-spin');
  await openTab(page, 'coupons', 'coupons-tab');
  await captureConsole(page, 'promotions-coupons');
  await page.context().close();
});

test('the promotions tabs at 768 px', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser, { width: 768, height: 1024 });
  await consoleSignIn(page, stack, 'admin');
  await openPromotions(page);
  await page
    .getByTestId('bonuses-tab')
    .getByRole('cell', { name: 'WELCOME', exact: true })
    .waitFor();
  await captureConsole(page, 'promotions-bonuses-768');
  await page
    .getByRole('button', { name: th('promotions.bonuses.editLabel', { code: 'WELCOME' }) })
    .click();
  await page.getByTestId('bonus-preview').waitFor();
  await captureConsole(page, 'promotions-bonus-editor-768');
  await page
    .getByTestId('bonus-editor')
    .getByRole('button', { name: th('dialog.cancel') })
    .click();
  for (const [tab, testId] of [
    ['codes', 'codes-tab'],
    ['rates', 'rates-tab'],
    ['spin', 'spin-tab'],
    ['coupons', 'coupons-tab'],
  ] as const) {
    await openTab(page, tab, testId);
    await captureConsole(page, `promotions-${tab}-768`);
  }
  await page.context().close();
});
