// Issue 4, deposit journey 1: PromptPay QR deposits. In each language a member opens the
// deposit dialog, picks a QR gateway (KBANK in Thai, WW in Lao, PAYTIMZ in English), takes
// a quick amount, creates the QR and watches its countdown; the tester pays it with the
// Pay button of the sandbox bank page in a second page; the signed webhook credits the
// wallet within seconds, the open QR view notices it (decision 0054: 'Payment received'
// with the amount, the balance behind the dialog refreshed) and the deposit is in the
// statement. A second test covers the amount rules, one open QR per member (the other
// bank's view reloads) and cancelling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { registerMemberApi } from '../support/api.js';
import { capture, eventually, LOCALES, msg, openIn, signIn, type Locale } from '../support/app.js';
import {
  chargeOf,
  expectToast,
  payQrOnBankPage,
  sandboxCall,
  webhooksOf,
} from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { satangText } from '../support/money.js';

const fx = useJourneyFixture();

interface QrAnswer {
  qrcodeId: string | null;
  hasQrcode: boolean;
  qrcode: string | null;
  amount: number | null;
  expireIn: number | null;
  message: string | null;
  paidAt?: string;
}

const PLAN: Record<Locale, { bank: 'KBANK' | 'WW' | 'PAYTIMZ'; quick: number[]; pick: number }> = {
  th: { bank: 'KBANK', quick: [10, 20, 50, 100, 500, 1000], pick: 100 },
  la: { bank: 'WW', quick: [100, 200, 300, 500, 1000], pick: 200 },
  en: { bank: 'PAYTIMZ', quick: [10, 50, 100, 500, 1000], pick: 50 },
};

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

const says = (page: Page, testId: string, message: string, timeoutMs = 5_000) =>
  eventually(
    async () =>
      assert.ok(
        (await textOf(page, testId)).includes(message),
        `${testId} says "${await textOf(page, testId)}", not "${message}"`,
      ),
    timeoutMs,
  );

/** mm:ss -> seconds. */
function seconds(countdown: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(countdown);
  assert.ok(match, `countdown "${countdown}" is not mm:ss`);
  return Number(match[1]) * 60 + Number(match[2]);
}

async function openDeposit(page: Page) {
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-main').waitFor();
}

/** Presses "Create QR code" and returns the server's answer to that POST. */
async function createQr(page: Page, bank: string): Promise<QrAnswer> {
  const answered = page.waitForResponse(
    (res: Response) =>
      res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/qrcode/${bank}`,
  );
  await page.getByTestId('qr-create').click();
  const res = await answered;
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as QrAnswer;
}

async function quickAmountsOf(page: Page): Promise<number[]> {
  const ids = await page
    .locator('[data-testid^="qr-quick-"]')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid') ?? ''));
  return ids.map((id) => Number(id.replace('qr-quick-', '')));
}

test('QR deposit in th, la and en: quick amount, QR and countdown, paid on the sandbox bank page, the view shows it paid, wallet credited, statement row', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  let wallet = 0;

  // Signed in once; each next language is the member's choice on the same phone (openIn).
  const page = await browser.newPage();
  for (const [index, locale] of LOCALES.entries()) {
    const { bank, quick, pick } = PLAN[locale];
    if (index === 0) await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    else await openIn(page, stack.appUrl, '/user/home', locale);
    await says(page, 'home-wallet-balance', satangText(wallet));

    await openDeposit(page);
    await says(page, 'deposit-dialog', msg(locale, 'deposit.title'));
    await says(page, 'deposit-dialog', msg(locale, 'deposit.qrSection'));
    // Spec section 9's deposit statement, where the dialog opens.
    await says(page, 'deposit-within-minute', msg(locale, 'deposit.within1Minute'));
    await capture(page, `deposit-dialog-${locale}`, locale);

    // The gateway's QR view: its quick amounts and minimum, one quick amount picked.
    await page.getByTestId(`qr-open-${bank}`).click();
    await page.getByTestId(`qr-view-${bank}`).waitFor();
    assert.deepEqual(await quickAmountsOf(page), quick);
    const input = page.getByTestId('qr-amount-input');
    assert.equal(await input.inputValue(), '');
    assert.equal(await page.getByTestId('qr-create').isDisabled(), true, 'disabled while empty');
    await page.getByTestId(`qr-quick-${pick}`).click();
    assert.equal(await input.inputValue(), String(pick));
    assert.equal(await page.getByTestId(`qr-quick-${pick}`).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByTestId('qr-create').isEnabled(), true);
    await says(page, 'qr-form', msg(locale, 'qr.onceNotice'));
    await capture(page, `deposit-qr-form-${locale}`, locale);

    // Create: the PromptPay QR image, the amount and a running mm:ss countdown.
    const answer = await createQr(page, bank);
    assert.equal(answer.hasQrcode, true, JSON.stringify(answer));
    assert.equal(answer.amount, pick);
    assert.ok(answer.qrcodeId);
    assert.ok(answer.expireIn !== null && answer.expireIn > 590 && answer.expireIn <= 600);
    await page.getByTestId('qr-open').waitFor();
    const src = (await page.getByTestId('qr-image').getAttribute('src')) ?? '';
    assert.match(src, /^data:image\/svg\+xml/, 'the QR is the server-made SVG');
    await says(page, 'qr-amount', satangText(pick * 100));
    await says(page, 'qr-open', msg(locale, 'qr.validFor', { minutes: 10 }));
    const first = seconds(await textOf(page, 'qr-countdown'));
    assert.ok(first > 580 && first <= 600, `countdown starts near 10:00, got ${first}s`);
    await eventually(async () => {
      const now = seconds(await textOf(page, 'qr-countdown'));
      assert.ok(now < first, `the countdown still shows ${now}s`);
    }, 4_000);
    await capture(page, `deposit-qr-open-${locale}`, locale);

    // The sandbox gateway holds an open charge for exactly that amount under our reference.
    const charge = await chargeOf(stack, answer.qrcodeId);
    assert.equal(charge.gateway, bank);
    assert.equal(charge.status, 'OPEN');
    assert.equal(charge.amount, pick * 100);

    // 'I have transferred' (before paying): the thank-you toast, the dialog closes; opening
    // the bank's view again shows the same open QR.
    await page.getByTestId('qr-transferred').click();
    await expectToast(page, msg(locale, 'qr.transferredToast'), 'info');
    await eventually(async () => assert.equal(await page.getByTestId('deposit-dialog').count(), 0));
    await openDeposit(page);
    await page.getByTestId(`qr-open-${bank}`).click();
    await page.getByTestId('qr-open').waitFor();
    assert.ok(await page.getByTestId('qr-image').isVisible(), 'the same QR again');

    // The tester pays it on the sandbox bank page, in a second page of the same phone.
    const paidAt = Date.now();
    const bankPage = await payQrOnBankPage(page.context(), stack, answer.qrcodeId);
    if (index === 0) await capture(bankPage, 'deposit-qr-sandbox-paid');
    await bankPage.close();
    assert.equal((await chargeOf(stack, answer.qrcodeId)).status, 'PAID');
    await eventually(async () => {
      const [delivery] = await webhooksOf(stack, charge.chargeId);
      assert.equal(delivery?.status, 'DELIVERED', JSON.stringify(delivery));
    }, 10_000);

    // The open view notices the payment by itself: paid, with the amount; no code, no
    // countdown, no Cancel; the balance behind the dialog is already the new one.
    await page.bringToFront();
    await page.getByTestId('qr-paid').waitFor({ timeout: 10_000 });
    const noticedInMs = Date.now() - paidAt;
    assert.ok(noticedInMs < 15_000, `shown paid after ${noticedInMs} ms`);
    await says(page, 'qr-paid', msg(locale, 'qr.paidTitle'));
    await says(page, 'qr-paid-amount', satangText(pick * 100));
    await says(page, 'qr-paid-text', msg(locale, 'qr.paidText'));
    for (const gone of ['qr-open', 'qr-image', 'qr-countdown', 'qr-cancel', 'qr-transferred'])
      assert.equal(await page.getByTestId(gone).count(), 0, `${gone} is still shown`);
    wallet += pick * 100;
    await says(page, 'home-wallet-balance', satangText(wallet), 10_000);
    await capture(page, `deposit-qr-paid-${locale}`, locale);

    // Done closes the dialog on the credited home.
    await page.getByTestId('qr-paid-done').click();
    await eventually(async () => assert.equal(await page.getByTestId('deposit-dialog').count(), 0));
    await says(page, 'home-wallet-balance', satangText(wallet));
    await capture(page, `deposit-qr-credited-${locale}`, locale);

    // A paid QR is used once: paying it again is refused by the gateway.
    const { payload } = await chargeOf(stack, answer.qrcodeId);
    const second = await sandboxCall<{ error: string }>(stack, 'POST', '/bank/qr/pay', { payload });
    assert.deepEqual([second.status, second.body.error], [409, 'ALREADY_PAID']);

    // The deposit in the statement, in this language.
    await page.goto(`${stack.appUrl}/user/statement`);
    await page.getByTestId('statement-list').waitFor();
    const deposits = page.locator('[data-testid="statement-row"][data-type="deposit"]');
    await eventually(async () => assert.equal(await deposits.count(), index + 1));
    const row = deposits.first();
    assert.equal(await row.getAttribute('data-status'), 'success');
    assert.equal(
      (await row.getByTestId('statement-type').textContent())?.trim(),
      msg(locale, 'statement.types.deposit'),
    );
    assert.equal(
      (await row.getByTestId('statement-status').textContent())?.trim(),
      msg(locale, 'statement.statuses.success'),
    );
    assert.ok(
      ((await row.getByTestId('statement-amount').textContent()) ?? '').includes(
        satangText(pick * 100).slice(1),
      ),
    );
    // Named, not the raw gateway code: "QR code (KBANK) → Wallet" in the member's language.
    assert.equal(
      await row.getByTestId('statement-parties').locator('[aria-hidden="true"]').textContent(),
      `${msg(locale, 'statement.parties.qr').replace('{bank}', bank)} → ${msg(locale, 'statement.parties.WALLET')}`,
    );
    await capture(page, `deposit-qr-statement-${locale}`, locale);
  }
  await page.context().close();
});

const SWITCH: Record<
  Locale,
  { first: 'KBANK' | 'WW' | 'PAYTIMZ'; second: 'KBANK' | 'WW' | 'PAYTIMZ' }
> = {
  th: { first: 'WW', second: 'PAYTIMZ' },
  la: { first: 'PAYTIMZ', second: 'KBANK' },
  en: { first: 'KBANK', second: 'WW' },
};

test('QR rules in th, la and en: amount bounds, one open QR (the other view reloads), cancel', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);

  for (const locale of LOCALES) {
    const { first, second } = SWITCH[locale];
    const page = await browser.newPage();
    await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    await openDeposit(page);

    // Amount bounds of the first bank (spec sections 2 and 5).
    await page.getByTestId(`qr-open-${first}`).click();
    await page.getByTestId(`qr-view-${first}`).waitFor();
    const input = page.getByTestId('qr-amount-input');
    const create = page.getByTestId('qr-create');
    if (first === 'KBANK') {
      await input.fill('0');
      assert.equal(await create.isDisabled(), true, 'KBANK: disabled at 0');
      await input.fill('0.5');
      assert.equal(await create.isEnabled(), true, 'KBANK: enabled above 0');
      let posted = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/qrcode/')) posted += 1;
      });
      await create.click();
      await page.waitForTimeout(300);
      assert.equal(posted, 0, 'KBANK: below 1 baht nothing is sent');
      assert.equal(await page.getByTestId('qr-open').count(), 0);
    } else {
      const below = first === 'WW' ? '99' : '9';
      await input.fill(below);
      assert.equal(await create.isDisabled(), true, `${first}: disabled under its minimum`);
    }
    const minimum = { KBANK: '1.00', WW: '100.00', PAYTIMZ: '10.00' }[first];
    await says(page, `qr-view-${first}`, msg(locale, 'qr.minimum', { min: minimum }));
    await capture(page, `deposit-qr-minimum-${locale}`, locale);
    await input.fill(first === 'KBANK' ? '10' : first === 'WW' ? '100' : '10');
    const firstQr = await createQr(page, first);
    assert.equal(firstQr.hasQrcode, true);
    await page.getByTestId('qr-open').waitFor();

    // A QR at the second bank cancels the first one: its view shows the form again.
    await page.getByTestId('deposit-back').click();
    await page.getByTestId(`qr-open-${second}`).click();
    await page.getByTestId(`qr-view-${second}`).waitFor();
    await page.getByTestId('qr-amount-input').fill(second === 'WW' ? '300' : '20');
    const secondQr = await createQr(page, second);
    assert.equal(secondQr.hasQrcode, true);
    await page.getByTestId('qr-open').waitFor();
    await page.getByTestId('deposit-back').click();
    await page.getByTestId(`qr-open-${first}`).click();
    await page.getByTestId(`qr-view-${first}`).waitFor();
    await page.getByTestId('qr-form').waitFor();
    assert.equal(await page.getByTestId('qr-open').count(), 0);
    assert.equal((await chargeOf(stack, firstQr.qrcodeId ?? '')).status, 'CANCELLED');

    // Cancel the open one: the toast, the form again, the gateway's charge cancelled and
    // no longer payable on the bank page.
    await page.getByTestId('deposit-back').click();
    await page.getByTestId(`qr-open-${second}`).click();
    await page.getByTestId('qr-open').waitFor();
    await page.getByTestId('qr-cancel').click();
    await expectToast(page, msg(locale, 'qr.cancelled'), 'info');
    await page.getByTestId('qr-form').waitFor();
    await capture(page, `deposit-qr-cancelled-${locale}`, locale);
    assert.equal((await chargeOf(stack, secondQr.qrcodeId ?? '')).status, 'CANCELLED');
    const bankPage = await page.context().newPage();
    await bankPage.goto(`${stack.sandboxUrl}/bank`);
    await bankPage.locator('#qr').waitFor();
    assert.equal(await bankPage.locator(`#qr li[data-ref="${secondQr.qrcodeId}"]`).count(), 0);
    await bankPage.close();
    await page.context().close();
  }
});
