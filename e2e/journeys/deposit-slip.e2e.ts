// Issue 4, deposit journey 2: bank-slip deposits and the slip dialog. In each language a
// member reads the operator's KBANK account in the deposit dialog, makes a transfer to it
// from their registered account on the sandbox bank page, downloads the slip PNG, uploads
// it with the progress bar (the upload is throttled so the bar is seen), sees it accepted
// and the wallet credited, then finds it in the slip dialog of the statement page (status,
// amount, a view link that opens the stored image). Each language then meets one refused
// slip with its reason from spec section 8: the same slip again (duplicate, th), a transfer
// from another account (NOT_MATCH, la), a slip older than 1 hour (EXPIRED_SLIP, en). A
// second test covers the operator's daily closed window.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { freshAccountNo, loginApi, registerMemberApi, type NewMember } from '../support/api.js';
import { capture, eventually, LOCALES, msg, openIn, signIn, type Locale } from '../support/app.js';
import { registeredLongAgo, setSlipSetting, slipSetting, slipUploadOpen } from '../support/db.js';
import { digitsOf, DOWNLOADS, sandboxCall, transferAndDownloadSlip } from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { satangText } from '../support/money.js';
import type { Stack } from '../support/stack.js';

const fx = useJourneyFixture({}, slipUploadOpen());

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

const says = (page: Page, testId: string, message: string, timeoutMs = 5_000) =>
  eventually(
    async () =>
      assert.ok(
        (await textOf(page, testId)).includes(message),
        `${testId} says "${await textOf(page, testId)}", not "${message}"`,
      ),
    timeoutMs,
  );

/** Satang from a baht text with 2 decimals ('275.50' -> 27550), no floats. */
const satangOf = (baht: string) => {
  const [whole, cents = '00'] = baht.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};

async function openDeposit(page: Page) {
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-main').waitFor();
}

/** The operator's KBANK account as the deposit dialog shows it. */
async function operatorKbank(page: Page): Promise<string> {
  const shown = await page
    .getByTestId('deposit-bank-KBANK')
    .getByTestId('deposit-account-no')
    .textContent();
  const digits = digitsOf(shown ?? '');
  assert.match(digits, /^\d{10}$/, `KBANK account shown as "${shown}"`);
  return digits;
}

/**
 * Picks the slip file and uploads it while the upload runs throttled, recording every state
 * of the progress bar; returns the outcome element's kind and the percentages seen.
 */
async function uploadWithProgress(
  page: Page,
  file: string,
  shot: string,
  locale: Locale,
): Promise<{ outcome: string; seen: string[] }> {
  await page.getByTestId('slip-file').setInputFiles(file);
  await page.getByTestId('slip-preview').waitFor();
  const size = readFileSync(file).length;
  // A phone on a slow line: the upload takes ~3 s, so the bar has time to move.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.max(8_000, Math.round(size / 3)),
  });
  // A string, not a function: tsx would wrap named closures in a helper the page lacks.
  await page.evaluate(`(() => {
    const seen = [];
    window.__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="slip-progress"] progress');
      if (!bar) return;
      const value = bar.hasAttribute('value') ? String(bar.value) : 'checking';
      if (seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  })()`);
  await page.getByTestId('slip-upload-button').click();
  await page.getByTestId('slip-progress').waitFor();
  // The screenshot shows the bar part-way.
  await eventually(
    async () => {
      const seen = (await page.evaluate('window.__progress')) as string[];
      assert.ok(seen.some((v) => v !== 'checking' && Number(v) >= 30 && Number(v) < 100));
    },
    10_000,
    50,
  );
  await capture(page, shot, locale);
  const outcome = page.getByTestId('slip-outcome');
  await outcome.waitFor({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  const seen = (await page.evaluate('window.__progress')) as string[];
  return { outcome: (await outcome.getAttribute('data-outcome')) ?? '', seen };
}

/** Uploads a slip without throttling and returns the outcome kind. */
async function uploadSlip(page: Page, file: string): Promise<string> {
  await page.getByTestId('slip-file').setInputFiles(file);
  await page.getByTestId('slip-preview').waitFor();
  await page.getByTestId('slip-upload-button').click();
  const outcome = page.getByTestId('slip-outcome');
  await outcome.waitFor({ timeout: 30_000 });
  return (await outcome.getAttribute('data-outcome')) ?? '';
}

/** A transfer made through the keyed sandbox API (optionally back-dated) and its slip PNG. */
async function apiSlipFile(
  stack: Stack,
  member: NewMember,
  kbank: string,
  satang: number,
  at?: Date,
): Promise<string> {
  const made = await sandboxCall<{ transRef: string; slipUrl: string }>(
    stack,
    'POST',
    '/bank/transfers',
    {
      from: {
        bankCode: member.bankCode,
        accountNo: member.bankAccountNo,
        name: member.bankAccountName,
      },
      to: { bankCode: 'KBANK', accountNo: kbank },
      amount: satang,
      ...(at ? { at: at.toISOString() } : {}),
    },
  );
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const res = await fetch(`${stack.sandboxUrl}${made.body.slipUrl}`);
  assert.equal(res.status, 200);
  const file = path.join(DOWNLOADS, `slip-api-${made.body.transRef}.png`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const AMOUNTS: Record<Locale, string> = { th: '150.00', la: '275.50', en: '80.25' };
const REFUSAL: Record<Locale, string> = {
  th: 'SLIP_REFNO_DUPLICATED',
  la: 'NOT_MATCH',
  en: 'EXPIRED_SLIP',
};

test('slip deposit in th, la and en: sandbox transfer, slip download, upload with progress, credited, slip dialog; refused slips with their reason', async (t) => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  // A member of long standing: a new account's slips wait for an operator (decision 0124;
  // console-slip-review.e2e.ts covers that).
  await registeredLongAgo(stack, member.phone);
  let wallet = 0;
  let slipsUploaded = 0;

  // Signed in once; each next language is the member's choice on the same phone (openIn).
  const page = await browser.newPage();
  for (const [index, locale] of LOCALES.entries()) {
    const amount = AMOUNTS[locale];
    if (index === 0) await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    else await openIn(page, stack.appUrl, '/user/home', locale);
    await openDeposit(page);
    const kbank = await operatorKbank(page);

    // The tester's transfer from the member's registered account, and the slip PNG.
    const slip = await transferAndDownloadSlip(page.context(), stack, {
      from: {
        bankCode: member.bankCode,
        accountNo: member.bankAccountNo,
        name: member.bankAccountName,
      },
      to: { bankCode: 'KBANK', accountNo: kbank },
      amount,
    });
    if (index === 0) await capture(slip.page, 'deposit-slip-sandbox-slip');
    await slip.page.close();

    // The upload screen: the rules first, then the picker, the preview and the bar.
    await page.bringToFront();
    await page.getByTestId('deposit-upload-slip').click();
    await page.getByTestId('slip-upload').waitFor();
    await says(page, 'slip-rules', msg(locale, 'slipUpload.withinOneHour'));
    await says(page, 'slip-rules', msg(locale, 'slipUpload.registeredOnly'));
    assert.equal(await page.getByTestId('slip-upload-button').isDisabled(), true);
    await capture(page, `deposit-slip-upload-${locale}`, locale);
    const upload = await uploadWithProgress(
      page,
      slip.file,
      `deposit-slip-progress-${locale}`,
      locale,
    );
    t.diagnostic(`${locale}: progress bar values ${upload.seen.join(' ')}`);
    slipsUploaded += 1;
    const percents = upload.seen.filter((v) => v !== 'checking').map(Number);
    assert.ok(percents.length >= 2, `the bar moved: ${JSON.stringify(upload.seen)}`);
    assert.ok(
      percents.some((v) => v > 0 && v < 100),
      `a partial percentage: ${JSON.stringify(upload.seen)}`,
    );
    assert.equal(upload.outcome, 'success', await textOf(page, 'slip-outcome'));
    // The amount credited, as a paid QR says it (issue 26).
    await says(
      page,
      'slip-outcome-text',
      msg(locale, 'slipUpload.successAmount', {
        amount: satangText(satangOf(amount)).slice(1),
      }),
    );
    await capture(page, `deposit-slip-success-${locale}`, locale);
    wallet += satangOf(amount);

    // The refused slip of this language, with its reason in words.
    await page.getByTestId('slip-another').click();
    await page.getByTestId('slip-upload').waitFor();
    let refused = slip.file;
    if (REFUSAL[locale] === 'NOT_MATCH') {
      const other = await transferAndDownloadSlip(page.context(), stack, {
        from: { bankCode: 'BAY', accountNo: freshAccountNo(), name: 'SOMEONE ELSE' },
        to: { bankCode: 'KBANK', accountNo: kbank },
        amount: '60.00',
      });
      await other.page.close();
      await page.bringToFront();
      refused = other.file;
    } else if (REFUSAL[locale] === 'EXPIRED_SLIP') {
      // A slip older than the 1-hour window: a transfer back-dated 2 hours.
      refused = await apiSlipFile(stack, member, kbank, 40_00, new Date(Date.now() - 2 * 3600_000));
    }
    assert.equal(await uploadSlip(page, refused), 'failed');
    slipsUploaded += 1;
    await says(page, 'slip-outcome-text', msg(locale, `slipReasons.${REFUSAL[locale]}`));
    await capture(page, `deposit-slip-refused-${locale}`, locale);

    // Done: back to the dialog; closing it reloads the wallet with the credit only.
    await page.getByTestId('slip-done').click();
    await page.getByTestId('deposit-main').waitFor();
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await page.getByTestId('deposit-dialog').count(), 0));
    await says(page, 'home-wallet-balance', satangText(wallet), 10_000);

    // The statement: the deposit row, then the slip dialog with both slips.
    await page.goto(`${stack.appUrl}/user/statement`);
    await page.getByTestId('statement-list').waitFor();
    const deposits = page.locator('[data-testid="statement-row"][data-type="deposit"]');
    await eventually(async () => assert.equal(await deposits.count(), index + 1));
    assert.ok(
      ((await deposits.first().textContent()) ?? '').includes(
        satangText(satangOf(amount)).slice(1),
      ),
    );
    await page.getByTestId('upload-status-button').click();
    const dialog = page.getByTestId('slip-status-dialog');
    await dialog.waitFor();
    await says(page, 'slip-status-dialog', msg(locale, 'slips.title'));
    const rows = dialog.getByTestId('slip-row');
    await eventually(async () => assert.equal(await rows.count(), slipsUploaded));
    // Newest first: the refused one, then the accepted one.
    const failed = rows.nth(0);
    assert.equal(await failed.getAttribute('data-status'), 'failed');
    assert.equal(
      (await failed.getByTestId('slip-status').locator('.badge').textContent())?.trim(),
      msg(locale, 'slips.statuses.failed'),
    );
    assert.ok(
      ((await failed.getByTestId('slip-reason').textContent()) ?? '').includes(
        msg(locale, `slipReasons.${REFUSAL[locale]}`),
      ),
    );
    const accepted = rows.nth(1);
    assert.equal(await accepted.getAttribute('data-status'), 'success');
    assert.equal(
      (await accepted.getByTestId('slip-status').locator('.badge').textContent())?.trim(),
      msg(locale, 'slips.statuses.success'),
    );
    assert.ok(
      ((await accepted.getByTestId('slip-amount').textContent()) ?? '').includes(
        satangText(satangOf(amount)),
      ),
    );
    assert.match(
      ((await accepted.getByTestId('slip-time').textContent()) ?? '').trim(),
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    // The view link opens the stored image itself, without a token.
    const view = accepted.getByTestId('slip-view');
    assert.equal((await view.textContent())?.trim(), msg(locale, 'slips.view'));
    const href = await view.getAttribute('href');
    assert.ok(href, 'the accepted slip has a direct link');
    const image = await fetch(new URL(href, stack.appUrl));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(
      Buffer.from(await image.arrayBuffer()),
      readFileSync(slip.file),
      'the link serves the uploaded slip',
    );
    const [opened] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
    await opened.waitForLoadState();
    assert.equal(new URL(opened.url()).pathname, new URL(href, stack.appUrl).pathname);
    await opened.close();
    await capture(page, `deposit-slip-dialog-${locale}`, locale);

    // Refresh keeps the rows.
    await dialog.getByTestId('slip-refresh').click();
    await eventually(async () => assert.equal(await rows.count(), slipsUploaded));
  }
  await page.context().close();
});

test('slip upload is closed during the operator daily window (shown and refused), open again after', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  const original = await slipSetting(stack);
  // A window around now in Thailand time (UTC+7), as HH:mm.
  const hhmm = (offsetMinutes: number) => {
    const t = new Date(Date.now() + 7 * 3600_000 + offsetMinutes * 60_000);
    return `${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}`;
  };
  const closed = { ...original, closedFrom: hhmm(-30), closedTo: hhmm(30) };
  // A real slip of the member's, made before the window closes.
  const slipFile = await apiSlipFile(stack, member, '0408123456', 30_00);
  await setSlipSetting(stack, closed);
  try {
    for (const locale of LOCALES) {
      const page = await browser.newPage();
      await signIn(page, stack.appUrl, member.phone, member.password, { locale });
      await openDeposit(page);
      await page.getByTestId('deposit-upload-slip').click();
      await page.getByTestId('slip-upload').waitFor();
      await says(
        page,
        'slip-rules',
        msg(locale, 'slipUpload.closedDaily', { from: closed.closedFrom, to: closed.closedTo }),
      );
      await says(page, 'slip-closed', msg(locale, 'slipUpload.closedNow', { to: closed.closedTo }));
      await page.getByTestId('slip-file').setInputFiles(slipFile);
      await page.getByTestId('slip-preview').waitFor();
      assert.equal(await page.getByTestId('slip-upload-button').isDisabled(), true);
      await capture(page, `deposit-slip-closed-${locale}`, locale);
      await page.context().close();
    }
    // The server refuses a real slip too, before storing anything.
    const token = await loginApi(stack, member.phone, member.password);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(slipFile)], { type: 'image/png' }), 'slip.png');
    const res = await fetch(`${stack.appUrl}/api/wallet/slip`, {
      method: 'POST',
      headers: {
        'X-Wallet-User': 'member',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': `e2e-closed-${Date.now()}`,
      },
      body: form,
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { message: 'SLIP_UPLOAD_FAIL' });
  } finally {
    await setSlipSetting(stack, original);
  }
  // Open again: no closed notice, the button works once a file is chosen.
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await openDeposit(page);
  await page.getByTestId('deposit-upload-slip').click();
  await page.getByTestId('slip-upload').waitFor();
  assert.equal(await page.getByTestId('slip-closed').count(), 0);
  await page.context().close();
});
