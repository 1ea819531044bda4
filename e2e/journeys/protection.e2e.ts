// Issue 28, player protection in the member app (decisions 0139, 0140, 0144). On the Play
// safe page a member sets a deposit limit and meets it on a QR deposit (th: the refusal with
// when they can deposit again), raises it and, after the 24 h cooling-off on the server's
// development clock (decision 0085), confirms it; takes a time-out and sees the home change
// (la); self-excludes and withdraws the whole balance (en); and the reality check appears
// after 30 minutes of the session (the browser's clock moved on) with its three buttons (th,
// en). Its own stack: the clock moves for everyone in the file.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerMemberApi } from '../support/api.js';
import {
  appReady,
  capture,
  eventually,
  msg,
  signIn,
  waitForPath,
  type Locale,
} from '../support/app.js';
import { expectToast } from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { fundMember } from '../support/money.js';

const clockFile = path.join(os.tmpdir(), `wallet-e2e-clock-${process.pid}`);
writeFileSync(clockFile, '0');
const fx = useJourneyFixture({ env: { DEV_CLOCK_FILE: clockFile } });
const HOUR_MS = 60 * 60 * 1000;
let clockMs = 0;

/** Moves the server's clock ahead (it never goes back in this file). */
async function moveClock(ms: number) {
  clockMs += ms;
  writeFileSync(clockFile, String(clockMs));
  await new Promise((resolve) => setTimeout(resolve, 400));
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function openPlaySafe(page: Page) {
  await page.getByTestId('home-play-safe').click();
  await waitForPath(page, '/user/protection');
  await page.getByTestId('deposit-limits').waitFor();
}

async function setLimit(page: Page, id: string, amount: string) {
  await page.getByTestId(`limit-${id}-input`).fill(amount);
  await page.getByTestId(`limit-${id}-save`).click();
}

test('la: a time-out changes the home: notice, no deposit, no promotions; withdraw stays', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'la' });
  await page.getByTestId('tile-deposit').waitFor();
  await openPlaySafe(page);
  await page.getByTestId('time-out-7d').check();
  await page.getByTestId('time-out-start').click();
  const dialog = page.getByTestId('time-out-confirm-dialog');
  await dialog.waitFor();
  assert.ok(
    ((await dialog.textContent()) ?? '').includes(msg('la', 'protection.cannotUndo').slice(0, 12)),
  );
  await capture(page, 'protection-time-out-confirm-la', 'la');
  await page.getByTestId('time-out-confirm').click();
  await page.getByTestId('protection-block').waitFor();

  await page
    .getByRole('link', { name: msg('la', 'nav.home') })
    .first()
    .click();
  await waitForPath(page, '/user/home');
  const notice = page.getByTestId('home-block-notice');
  await notice.waitFor();
  assert.ok(((await notice.textContent()) ?? '').includes(msg('la', 'protection.blockPaused')));
  assert.equal(await page.getByTestId('tile-deposit').count(), 0);
  assert.equal(await page.getByTestId('tile-invite').count(), 0);
  assert.equal(await page.getByTestId('tile-refund').count(), 0);
  assert.equal(await page.getByTestId('tile-withdraw').count(), 1);
  await capture(page, 'protection-home-time-out-la', 'la');
  await page.close();
});

test('en: self-exclusion, then the whole balance is withdrawn', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  await fundMember(stack, member, 700);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await openPlaySafe(page);
  await page.getByTestId('self-exclusion-1y').check();
  await page.getByTestId('self-exclusion-start').click();
  await page.getByTestId('self-exclusion-confirm-dialog').waitFor();
  await page.getByTestId('self-exclusion-confirm').click();
  const ask = page.getByTestId('protection-withdraw-ask');
  await ask.waitFor();
  assert.ok(((await ask.textContent()) ?? '').includes('700.00'));
  await capture(page, 'protection-withdraw-ask-en', 'en');
  await page.getByTestId('protection-withdraw-all').click();
  const withdraw = page.getByTestId('withdraw-dialog');
  await withdraw.waitFor();
  const amount = withdraw.locator('input[name="amount"]');
  await eventually(async () => assert.equal(await amount.inputValue(), '700'));
  await withdraw.getByTestId('withdraw-submit').click();
  await expectToast(page, msg('en', 'withdraw.waiteTransfer'), 'success');
  await eventually(async () => assert.equal(await page.getByTestId('withdraw-dialog').count(), 0));
  await page.getByTestId('home-block-notice').waitFor();
  await page.close();
});

async function realityCheckAfter30Minutes(locale: Locale): Promise<Page> {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale });
  await openPlaySafe(page);
  await page.getByTestId('reality-check-30').click();
  await expectToast(page, msg(locale, 'protection.saved'), 'success');
  assert.equal(await page.getByTestId('reality-check-dialog').count(), 0);
  // 31 minutes of the session pass on the browser's clock (timers keep running).
  await page.clock.setFixedTime(Date.now() + 31 * 60_000);
  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  const dialog = page.getByTestId('reality-check-dialog');
  await dialog.waitFor();
  assert.ok(
    (await text(page, 'reality-since')).includes(
      msg(locale, 'protection.realityDuration', { hours: 0, minutes: 31 }),
    ),
    await text(page, 'reality-since'),
  );
  await page.getByTestId('reality-net').waitFor();
  return page;
}

test('th: the reality check after 30 minutes; keep playing, then see the statement', async () => {
  const page = await realityCheckAfter30Minutes('th');
  await capture(page, 'protection-reality-check-th', 'th');
  await page.getByTestId('reality-keep-playing').click();
  await eventually(async () =>
    assert.equal(await page.getByTestId('reality-check-dialog').count(), 0),
  );
  // The next one comes after another 30 minutes.
  await page.clock.setFixedTime(Date.now() + 62 * 60_000);
  await page.reload();
  await appReady(page);
  await page.getByTestId('reality-check-dialog').waitFor();
  await page.getByTestId('reality-statement').click();
  await waitForPath(page, '/user/statement');
  assert.equal(await page.getByTestId('reality-check-dialog').count(), 0);
  await page.close();
});

test('en: the reality check logs out', async () => {
  const page = await realityCheckAfter30Minutes('en');
  await page.getByTestId('reality-logout').click();
  await waitForPath(page, '/login');
  await page.close();
});

// Last: the server clock moves a day on (sign-ins of operators and sessions go by it).
test('th: a deposit limit refuses a QR beyond it; a raise waits 24 h, then is confirmed', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'th' });
  await openPlaySafe(page);
  await setLimit(page, 'deposit-day', '100');
  await expectToast(page, msg('th', 'protection.saved'), 'success');
  await eventually(async () =>
    assert.ok((await text(page, 'limit-deposit-day-amount')).includes('100.00')),
  );
  await capture(page, 'protection-page-th', 'th');

  // A 200 baht QR does not fit: the refusal says so, with when the member can deposit again.
  await page.goto(`${stack.appUrl}/user/home`);
  await appReady(page);
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-main').waitFor();
  await page.getByTestId('qr-open-KBANK').click();
  await page.getByTestId('qr-view-KBANK').waitFor();
  await page.getByTestId('qr-amount-input').fill('200');
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().includes('/api/qrcode/KBANK'),
  );
  await page.getByTestId('qr-create').click();
  const refusal = await answered;
  assert.equal(refusal.status(), 403, await refusal.text());
  // The refusal, translated, with what still fits (retryAt is null: 200 never fits 100).
  const refusedText = `${msg('th', 'errors.DEPOSIT_LIMIT_REACHED')} ${msg('th', 'protectionWaits.remaining', { amount: '฿100.00' })}`;
  await eventually(async () =>
    assert.ok(
      (await page.getByTestId('deposit-dialog').innerText())
        .replace(/\s+/g, ' ')
        .includes(refusedText),
    ),
  );
  await capture(page, 'protection-deposit-refused-th', 'th');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Raise it: pending, with the time it can be confirmed.
  await page.goto(`${stack.appUrl}/user/protection`);
  await setLimit(page, 'deposit-day', '500');
  await page.getByTestId('limit-deposit-day-pending').waitFor();
  await page.getByTestId('limit-deposit-day-confirmable-at').waitFor();
  assert.ok((await text(page, 'limit-deposit-day-amount')).includes('100.00'));

  // A day later (the session idled out meanwhile: sign in again), confirm.
  await moveClock(25 * HOUR_MS);
  // The phone's clock is a day on too (the page compares confirmableAt with it).
  await page.clock.setFixedTime(Date.now() + clockMs);
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'th' });
  await openPlaySafe(page);
  await page.getByTestId('limit-deposit-day-confirm').click();
  await expectToast(page, msg('th', 'protection.confirmed'), 'success');
  await eventually(async () =>
    assert.ok((await text(page, 'limit-deposit-day-amount')).includes('500.00')),
  );
  assert.equal(await page.getByTestId('limit-deposit-day-pending').count(), 0);
  await page.close();
});
