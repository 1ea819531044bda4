// Issue 12, cashback refund (decision 0071): a member loses a week's play at the sandbox
// provider; a week later (the server's development clock, decision 0085) the refund dialog
// offers 5% of that loss, receives it and moves it into the wallet through the confirm
// dialog; the log lists it (th). Its own stack: the clock moves for everyone in the file.
// Decision 0112: the moved refund opens a refund grant, and nothing more is received meanwhile.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi } from '../support/api.js';
import { capture, eventually, msg, signIn } from '../support/app.js';
import { expectToast } from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { satangText } from '../support/money.js';
import { depositByQr, moveMoney, openGame, playRounds, walletBaht } from '../support/promotions.js';

const clockFile = path.join(os.tmpdir(), `wallet-e2e-clock-${process.pid}`);
writeFileSync(clockFile, '0');
const fx = useJourneyFixture({ env: { DEV_CLOCK_FILE: clockFile } });
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

test('th: a losing week, then next week 5% of the loss is received and moved into the wallet', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  let token = await loginApi(stack, member.phone, member.password);
  await depositByQr(stack, token, 300);
  const pg = await openGame(stack, token, 'PG');
  await moveMoney(stack, token, 'WALLET', 'PG', 300);
  const lost = await playRounds(stack, 'PG', pg, { rounds: 100, bet: 1000, outcome: 'lose' });
  assert.equal(lost.balance, 0);
  // This week's loss is not receivable yet: last week (the receivable one) lost nothing.
  const early = await apiCall<{ message: string }>(stack, 'GET', '/api/refund/receive', { token });
  assert.equal(early.body.message, 'REFUND_MINIMUM');

  // A week later (the session has idled out meanwhile: sign in again).
  writeFileSync(clockFile, String(WEEK_MS));
  await new Promise((resolve) => setTimeout(resolve, 400));
  token = await loginApi(stack, member.phone, member.password);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'th' });
  await page.getByTestId('tile-refund').click();
  const receive = page.getByTestId('refund-receive');
  await receive.waitFor();
  // 5% of 300 baht.
  await eventually(async () => assert.ok((await text(page, 'refund-amount')).includes('15.00')));
  assert.ok(await receive.isEnabled());
  await capture(page, 'promotions-refund-dialog', 'th');
  await receive.click();
  await expectToast(page, msg('th', 'errors.REFUND_SUCCESS'), 'success');

  // Receiving opens the confirm dialog: percentages, the warning, then into the wallet.
  await page.getByTestId('move-bonus-warning').waitFor();
  await capture(page, 'promotions-refund-confirm', 'th');
  await page.getByTestId('move-bonus-confirm').click();
  await eventually(async () => assert.equal(await walletBaht(stack, token), 15));
  // The refund is promotion money under a refund grant now (decision 0112): one at a time,
  // so nothing more is received while it is open.
  const grants = await apiCall<{ grants: { kind: string; locked: number }[] }>(
    stack,
    'GET',
    '/api/bonus/turnover',
    { token },
  );
  assert.deepEqual(
    grants.body.grants.map((g) => [g.kind, g.locked]),
    [['refund', 15]],
  );
  const again = await apiCall<{ message: string }>(stack, 'GET', '/api/refund/receive', { token });
  assert.equal(again.body.message, 'REFUND_CONDITION');

  // The log lists the refund (the refund dialog is still open behind the confirm one); the
  // statement names it.
  await page.getByTestId('move-bonus-warning').waitFor({ state: 'detached' });
  await page.getByTestId('refund-content').waitFor();
  const row = page.getByTestId('refund-row-amount').first();
  await row.waitFor();
  assert.equal((await row.textContent())?.trim(), satangText(15_00));
  const statement = await apiCall<{ statements: { refund?: { description: string } }[] }>(
    stack,
    'POST',
    '/api/statement',
    { token, body: { page: 1, limit: 10 } },
  );
  assert.ok(statement.body.statements.some((s) => s.refund?.description));
});
