// Issue 14, the member's chat widget (decision 0100), over the real REST endpoints: a
// visitor chats as a guest with the server-signed guest id, signs in and finds the same
// conversation in their own room (th, la, en, 360 px); "ask about this" on a slip opens the
// chat with the slip attached as a card that shows what the server knows of it: a credited
// slip reads as successful (its status is the slip list's lower-case `success`, issue 26),
// under a title in the member's language (the sending bank's name, not a code).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCall,
  loginApi,
  operatorLogin,
  registerMemberApi,
  WALLET_USER_HEADERS,
} from '../support/api.js';
import {
  appReady,
  capture,
  engageUntil,
  eventually,
  LOCALES,
  msg,
  openIn,
  signIn,
  signInWithForm,
} from '../support/app.js';
import { registeredLongAgo, slipUploadOpen } from '../support/db.js';
import { DOWNLOADS, sandboxCall } from '../support/deposit.js';
import { openChat } from '../support/chat.js';
import { useJourneyFixture } from '../support/fixture.js';
import type { Stack } from '../support/stack.js';

const slipHooks = slipUploadOpen();
const fx = useJourneyFixture(
  {},
  {
    afterStart: async (stack) => {
      await slipHooks.afterStart?.(stack);
      // The operator's chat switch (spec: enableChatWidget): on in the demo data; set here so
      // the journey does not depend on the seed.
      const token = await operatorLogin(stack);
      const answer = await apiCall(stack, 'PUT', '/api/operator/settings/chat', {
        token,
        body: { enableChatWidget: true },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    },
    beforeStop: async (stack) => slipHooks.beforeStop?.(stack),
  },
);

/**
 * What the shown invite bubble covers that a member can press, or the footer (decision 0131):
 * each such element's test id or tag. Empty when no invite shows.
 */
async function inviteCovers(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const bubble = document.querySelector('[data-testid="chat-invite"]');
    if (!bubble) return [];
    const box = bubble.getBoundingClientRect();
    const widget = document.querySelector('[data-testid="chat-widget"]');
    const found = [];
    for (const element of document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], footer',
    )) {
      if (widget.contains(element)) continue;
      const other = element.getBoundingClientRect();
      if (other.width === 0 || other.height === 0) continue;
      if (other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top)
        found.push(element.getAttribute('data-testid') || element.tagName.toLowerCase());
    }
    return found;
  })()`);
}

/** Types a message, sends it with Enter and waits until the server has it. */
async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.keyboard.press('Enter');
  const bubble = page.getByTestId('chat-message').filter({ hasText: text });
  await eventually(async () => assert.equal(await bubble.getAttribute('data-status'), 'succeed'));
}

test('a visitor chats as a guest, signs in and the same conversation continues (th, la, en)', async () => {
  const { stack, browser } = fx;
  for (const locale of LOCALES) {
    const member = await registerMemberApi(stack);
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/login', locale);
    // The visitor's button floats at the right; its invite shows only where it covers
    // nothing (decision 0131): at 360 x 740 the login page has no such room.
    await engageUntil(page, page.getByTestId('chat-launcher'));
    assert.deepEqual(await inviteCovers(page), []);
    await capture(page, `chat-launcher-public-${locale}`, locale);

    await openChat(page, locale);
    const guestQuestion = `Guest question ${locale} ${Date.now()}`;
    await say(page, guestQuestion);
    const guestId = await page.evaluate(() => localStorage.getItem('guest-id'));
    assert.match(guestId ?? '', /^g\.[\w-]{22}\.[\w-]{22}$/, `guest-id ${guestId}`);
    // Whitespace only is never sent.
    await page.getByTestId('chat-input').fill('   ');
    assert.equal(await page.getByTestId('chat-send').isDisabled(), true);
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('chat-message').count(), 1);
    await capture(page, `chat-guest-${locale}`, locale);
    await page.getByTestId('chat-close').click();

    await signInWithForm(page, member.phone, member.password);
    // Signed in, the button is in the top bar and the invite hangs below it, over no button.
    await page.getByTestId('chat-invite').waitFor({ timeout: 15_000 });
    assert.equal(
      await page.getByTestId('member-top-bar').getByTestId('chat-launcher').count(),
      1,
      'the chat button is in the top bar',
    );
    assert.deepEqual(await inviteCovers(page), []);
    await capture(page, `chat-invite-${locale}`, locale);
    // Once per session: not again after a reload.
    await page.reload();
    await appReady(page);
    await engageUntil(page, page.getByTestId('chat-launcher'));
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('chat-invite').count(), 0, 'invited once per session');
    await openChat(page, locale);
    // The guest's message is in the member's conversation now (the server adopted it).
    await page.getByTestId('chat-message').filter({ hasText: guestQuestion }).waitFor();
    const memberQuestion = `Member question ${locale}`;
    await say(page, memberQuestion);
    await capture(page, `chat-member-${locale}`, locale);

    // The member's own history over the API has both, newest first.
    const token = await loginApi(stack, member.phone, member.password);
    const history = await apiCall<{ message: { payload: unknown } }[]>(
      stack,
      'POST',
      '/api/chat/history',
      { token, body: { userId: null, guestId: null, limit: 10, skip: 0 } },
    );
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.deepEqual(
      history.body.map((m) => m.message.payload),
      [memberQuestion, guestQuestion],
    );
    await page.context().close();
  }
});

/** A sandbox transfer from the member's account to the operator's KBANK account, uploaded as a slip. */
async function uploadSlip(stack: Stack, member: Awaited<ReturnType<typeof registerMemberApi>>) {
  const token = await loginApi(stack, member.phone, member.password);
  const lookup = await apiCall<{ banks: { bankCode: string; bankAccountNo: string }[] }>(
    stack,
    'GET',
    '/api/lookup/deposit',
    { token },
  );
  const kbank = lookup.body.banks.find((bank) => bank.bankCode === 'KBANK');
  assert.ok(kbank, JSON.stringify(lookup.body));
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
      to: { bankCode: 'KBANK', accountNo: kbank.bankAccountNo },
      amount: 12_345,
    },
  );
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const png = await fetch(`${stack.sandboxUrl}${made.body.slipUrl}`);
  const file = path.join(DOWNLOADS, `chat-slip-${made.body.transRef}.png`);
  writeFileSync(file, Buffer.from(await png.arrayBuffer()));
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${stack.appUrl}/api/wallet/slip`, {
    method: 'POST',
    headers: {
      ...WALLET_USER_HEADERS,
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-chat-${made.body.transRef}`,
    },
    body: form,
  });
  assert.equal(res.status, 200, await res.text());
}

test('"ask about this" on a slip opens the chat with the slip as a card', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  // A member of long standing: the slip credits at once (server decision 0124).
  await registeredLongAgo(stack, member.phone);
  await uploadSlip(stack, member);

  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await page.goto(`${stack.appUrl}/user/statement`);
  await page.getByTestId('upload-status-button').click();
  const row = page.getByTestId('slip-row').first();
  await row.waitFor();
  const ask = row.getByRole('button', { name: 'Ask support about this Deposit slip' });
  // "Ask about this" shows once the chat is on the page: the member engaged (when-engaged.ts).
  await engageUntil(page, ask);
  await ask.click({ timeout: 15_000 });

  // The slip dialog gives way to the chat, which sends the slip as a context message and
  // shows the card with what the server stored: title, amount, status.
  await page.getByRole('dialog', { name: msg('en', 'chat.title') }).waitFor();
  assert.equal(await page.getByTestId('slip-status-dialog').count(), 0);
  const card = page.getByTestId('chat-context').last();
  await card.waitFor();
  assert.equal(await card.getAttribute('data-kind'), 'slip');
  await eventually(async () => {
    const text = (await card.textContent()) ?? '';
    assert.ok(text.includes('฿123.45'), `the card reads "${text}"`);
  }, 10_000);
  const message = page.getByTestId('chat-message').filter({ has: card });
  await eventually(async () => assert.equal(await message.getAttribute('data-status'), 'succeed'));
  // The credited slip (stored `success`) reads as successful, never "in progress"; its title
  // names the sending bank in the member's language, in th, la and en alike.
  const bankNames = { th: 'ธนาคารไทยพาณิชย์', la: 'ທະນາຄານໄທພານິດ', en: 'Siam Commercial Bank' };
  for (const locale of ['en', 'th', 'la'] as const) {
    if (locale !== 'en') {
      await openIn(page, stack.appUrl, '/user/home', locale);
      await openChat(page, locale);
    }
    const shown = page.getByTestId('chat-context').last();
    await eventually(async () =>
      assert.equal(
        await shown.locator('.badge').textContent(),
        msg(locale, 'chat.contextStatus.success'),
      ),
    );
    assert.equal(
      await shown.locator('.chat-context__title').textContent(),
      msg(locale, 'chat.contextTitle.slip', { bank: bankNames[locale] }),
    );
    await capture(page, `chat-ask-about-slip-${locale}`, locale);
  }
  await page.context().close();
});
