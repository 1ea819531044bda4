// Issue 4, deposit journey 3: gift links. In each language the tester creates a gift link
// for the member's registered phone on the sandbox /gift page and copies it; the member
// pastes it in the deposit dialog (send is disabled while the field is empty; the link
// leaves the browser encrypted, never in plain text), sees the success toast and the
// wallet credited, and pasting the same link again answers TRUELINK_DUPLICATE. Each
// language also meets one TRUELINK_INVALID case, said with its reason (issue 26): a link from
// another phone (th), under the 2-baht minimum (la), text that is not a gift link (en).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { freshPhone, registerMemberApi } from '../support/api.js';
import { capture, eventually, LOCALES, msg, openIn, signIn, type Locale } from '../support/app.js';
import {
  allowClipboard,
  clipboardText,
  copyNewGiftLink,
  createGiftOnPage,
  expectToast,
  voucherStatus,
} from '../support/deposit.js';
import { useJourneyFixture } from '../support/fixture.js';
import { satangText } from '../support/money.js';

const fx = useJourneyFixture();

const says = (page: Page, testId: string, message: string, timeoutMs = 5_000) =>
  eventually(async () => {
    const text = ((await page.getByTestId(testId).textContent()) ?? '').trim();
    assert.ok(text.includes(message), `${testId} says "${text}", not "${message}"`);
  }, timeoutMs);

const PLAN: Record<
  Locale,
  { amount: string; satang: number; invalid: 'phone' | 'minimum' | 'text' }
> = {
  th: { amount: '100.00', satang: 100_00, invalid: 'phone' },
  la: { amount: '2.00', satang: 2_00, invalid: 'minimum' },
  en: { amount: '55.50', satang: 55_50, invalid: 'text' },
};

/** Fills the gift field, presses send and returns the request the app made. */
async function sendLink(page: Page, link: string): Promise<Request> {
  const input = page.getByTestId('gift-link-input');
  await input.fill(link);
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/wallet/truelink',
  );
  await page.getByTestId('gift-send').click();
  return sent;
}

test('gift link in th, la and en: created on the sandbox page, pasted, credited; duplicate and invalid links refused', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  let wallet = 0;

  // Signed in once; each next language is the member's choice on the same phone (openIn).
  const page = await browser.newPage();
  await allowClipboard(page.context());
  for (const [index, locale] of LOCALES.entries()) {
    const { amount, satang, invalid } = PLAN[locale];
    if (index === 0) await signIn(page, stack.appUrl, member.phone, member.password, { locale });
    else await openIn(page, stack.appUrl, '/user/home', locale);
    await page.getByTestId('tile-deposit').click();
    await page.getByTestId('deposit-main').waitFor();

    // The gift section: the rules name the registered phone; send is off while empty.
    await says(page, 'deposit-dialog', msg(locale, 'deposit.giftSection'));
    await says(page, 'gift-rules', msg(locale, 'gift.rules', { phone: member.phone }));
    const input = page.getByTestId('gift-link-input');
    const send = page.getByTestId('gift-send');
    assert.equal(await input.getAttribute('placeholder'), msg(locale, 'gift.placeholder'));
    assert.equal(await send.isDisabled(), true, 'send is disabled while empty');
    await input.fill('   ');
    assert.equal(await send.isDisabled(), true, 'blank is empty');

    // The tester creates and copies the link on the sandbox gift page.
    const gift = await createGiftOnPage(page.context(), stack, member.phone, amount);
    await copyNewGiftLink(gift.page);
    if (index === 0) await capture(gift.page, 'deposit-gift-sandbox-created');
    await gift.page.close();
    assert.equal(await voucherStatus(stack, gift.hash), 'active');

    // The member pastes it (the keyboard's paste) and sends it.
    await page.bringToFront();
    assert.equal(await clipboardText(page), gift.link);
    await input.fill('');
    await input.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await eventually(async () => assert.equal(await input.inputValue(), gift.link));
    assert.equal(await send.isEnabled(), true);
    await capture(page, `deposit-gift-pasted-${locale}`, locale);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/wallet/truelink',
    );
    await send.click();
    const request = await sent;
    const body = request.postDataJSON() as { link: string };
    assert.equal(typeof body.link, 'string');
    assert.ok(!body.link.includes(gift.hash) && !body.link.includes('/gift/'), 'sent encrypted');
    await expectToast(
      page,
      msg(locale, 'gift.sent', { amount: satangText(satang).slice(1) }),
      'success',
    );
    assert.equal(await input.inputValue(), '', 'the field is cleared');
    wallet += satang;
    await says(page, 'home-wallet-balance', satangText(wallet), 10_000);
    assert.equal(await voucherStatus(stack, gift.hash), 'redeemed');
    await capture(page, `deposit-gift-credited-${locale}`, locale);

    // The same link again: TRUELINK_DUPLICATE in a red toast, nothing credited.
    const again = await sendLink(page, gift.link);
    assert.notEqual((again.postDataJSON() as { link: string }).link, body.link, 'fresh ciphertext');
    await expectToast(page, msg(locale, 'errors.TRUELINK_DUPLICATE'), 'error');
    await capture(page, `deposit-gift-duplicate-${locale}`, locale);

    // One invalid link per language, refused with its reason (issue 26).
    let bad: string;
    let reason: string;
    if (invalid === 'phone') {
      const other = await createGiftOnPage(page.context(), stack, freshPhone(), '20.00');
      await other.page.close();
      bad = other.link;
      reason = 'OTHER_PHONE';
    } else if (invalid === 'minimum') {
      const small = await createGiftOnPage(page.context(), stack, member.phone, '1.99');
      await small.page.close();
      bad = small.link;
      reason = 'BELOW_MINIMUM';
    } else {
      bad = 'https://example.com/not-a-gift-link';
      reason = 'UNREADABLE';
    }
    await page.bringToFront();
    await sendLink(page, bad);
    await expectToast(
      page,
      msg(locale, `gift.refused.${reason}`, { phone: member.phone }),
      'error',
    );
    await capture(page, `deposit-gift-refused-${reason.toLowerCase()}-${locale}`, locale);
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await page.getByTestId('deposit-dialog').count(), 0));
    await says(page, 'home-wallet-balance', satangText(wallet), 10_000);

    // The statement: one deposit row per redeemed link.
    await page.goto(`${stack.appUrl}/user/statement`);
    await page.getByTestId('statement-list').waitFor();
    const deposits = page.locator('[data-testid="statement-row"][data-type="deposit"]');
    await eventually(async () => assert.equal(await deposits.count(), index + 1));
    assert.ok(
      ((await deposits.first().getByTestId('statement-amount').textContent()) ?? '').includes(
        satangText(satang).slice(1),
      ),
    );
  }
  await page.context().close();
});
