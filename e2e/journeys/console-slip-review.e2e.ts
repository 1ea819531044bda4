// Issue 13, the console's slip review (decision 0091). A member whose registered account
// name shares only the first name with the sender the bank shows uploads a slip: the rules
// hold it for review (decision 0044) and the member sees "processing". A cashier signs in to
// the console, finds it first in the deposits section's review queue, opens the review panel
// (the image loads through the operator's signed link, with its alt text, and zooms; the
// findings show the bank's sender beside the registered account) and approves it: the
// member's balance rises by the amount once, and a second approval is refused. A second slip
// is rejected with a message, which the member then reads in the slip dialog. Screenshots
// of the queue and the panel at 1280 px and 768 px (th and en), the member's dialog at 360 px.
// A second test is the slip thief of issue 25 (decision 0124): a thief registers the victim's
// name with an account showing the same digits and uploads the victim's slip; the victim's
// own upload is held too ("processing" in the app, not a duplicate); the console says why in
// Thai and lists the thief beside the victim; the cashier credits the victim's slip and the
// thief's then credits nothing.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCall,
  loginApi,
  operatorLoginAs,
  registerMemberApi,
  WALLET_USER_HEADERS,
} from '../support/api.js';
import { capture, eventually, msg, signIn } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
} from '../support/console.js';
import { digitsOf, DOWNLOADS, sandboxCall } from '../support/deposit.js';
import { registeredLongAgo, slipUploadOpen } from '../support/db.js';
import { useJourneyFixture } from '../support/fixture.js';
import { walletBaht } from '../support/promotions.js';
import type { Stack } from '../support/stack.js';

const fx = useJourneyFixture({}, slipUploadOpen());

const REGISTERED_NAME = 'SOMCHAI SUKSAN';
/** The bank shows another surname: a partial match, held for review. */
const SENDER_NAME = 'MR SOMCHAI JAIDEE';

/** A transfer from the member's account under the sender's name, and its slip PNG. */
async function slipFile(
  stack: Stack,
  from: { bankCode: string; accountNo: string },
  kbank: string,
  satang: number,
): Promise<string> {
  const made = await sandboxCall<{ transRef: string; slipUrl: string }>(
    stack,
    'POST',
    '/bank/transfers',
    {
      from: { ...from, name: SENDER_NAME },
      to: { bankCode: 'KBANK', accountNo: kbank },
      amount: satang,
    },
  );
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const res = await fetch(`${stack.sandboxUrl}${made.body.slipUrl}`);
  assert.equal(res.status, 200);
  const file = path.join(DOWNLOADS, `slip-review-${made.body.transRef}.png`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

/** Uploads a slip in the member's deposit dialog; answers the outcome kind. */
async function uploadInApp(page: Page, file: string): Promise<string> {
  // The deposit dialog may still be open from the last upload.
  if (!(await page.getByTestId('deposit-main').isVisible()))
    await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-main').waitFor();
  await page.getByTestId('deposit-upload-slip').click();
  await page.getByTestId('slip-upload').waitFor();
  await page.getByTestId('slip-file').setInputFiles(file);
  await page.getByTestId('slip-preview').waitFor();
  await page.getByTestId('slip-upload-button').click();
  const outcome = page.getByTestId('slip-outcome');
  await outcome.waitFor({ timeout: 30_000 });
  const kind = (await outcome.getAttribute('data-outcome')) ?? '';
  await page.getByTestId('slip-done').click();
  return kind;
}

/** The operator's KBANK account as the member's deposit dialog shows it. */
async function operatorKbank(page: Page): Promise<string> {
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-main').waitFor();
  const shown = await page
    .getByTestId('deposit-bank-KBANK')
    .getByTestId('deposit-account-no')
    .textContent();
  await page.keyboard.press('Escape');
  return digitsOf(shown ?? '');
}

test('a cashier reviews held slips in the console: approved once with the image shown, rejected with a message the member reads', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack, { bankAccountName: REGISTERED_NAME });
  const memberToken = await loginApi(stack, member.phone, member.password);
  const from = { bankCode: member.bankCode, accountNo: member.bankAccountNo };

  // The member uploads a slip the rules cannot decide: processing to them.
  const app = await browser.newPage();
  await signIn(app, stack.appUrl, member.phone, member.password, { locale: 'th' });
  const kbank = await operatorKbank(app);
  assert.match(kbank, /^\d{10}$/);
  assert.equal(await uploadInApp(app, await slipFile(stack, from, kbank, 43_210)), 'processing');
  assert.equal(await walletBaht(stack, memberToken), 0);

  // The cashier's review queue (Thai by default), filtered to the member's phone.
  const consoleTab = await consolePage(browser);
  await consoleSignIn(consoleTab, stack, 'cashier');
  // The session lives in the tab's memory: move inside the app, never by a new page load.
  await openConsoleSection(consoleTab, 'th', 'deposits');
  const search = consoleTab.getByLabel(consoleMsg('th', 'deposits.filters.member'));
  await search.fill(member.phone);
  await search.press('Enter');
  // "Open slip SL..." in either language.
  const openLabels = (['th', 'en'] as const).map((lang) =>
    consoleMsg(lang, 'deposits.open', { reference: '' }).trim(),
  );
  const row = consoleTab.getByRole('row', { name: new RegExp(`^(${openLabels.join('|')}) SL`) });
  await eventually(async () => assert.equal(await row.count(), 1), 10_000);
  assert.ok(
    ((await row.textContent()) ?? '').includes(consoleMsg('th', 'deposits.cause.NAME_PARTIAL')),
  );
  await captureConsole(consoleTab, 'deposits-slips-th-1280');
  await row.click();
  const panel = consoleTab.getByTestId('slip-review');
  await panel.waitFor();
  // The image came through the operator's signed link and is shown, described.
  const image = panel.getByTestId('slip-image');
  await eventually(async () =>
    assert.ok(
      await image.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
      'the slip image loaded',
    ),
  );
  const src = (await image.getAttribute('src')) ?? '';
  assert.match(src, /^\/static\/slips\/SL[0-9A-F]{20}\?expires=\d+&viewer=operator%3A\d+&sig=/);
  assert.match((await image.getAttribute('alt')) ?? '', /432\.10/);
  assert.ok(((await panel.getByTestId('slip-sender').textContent()) ?? '').includes(SENDER_NAME));
  assert.ok(
    ((await panel.getByTestId('slip-registered').textContent()) ?? '').includes(REGISTERED_NAME),
  );
  await panel.getByRole('button', { name: consoleMsg('th', 'deposits.review.zoomIn') }).click();
  await captureConsole(consoleTab, 'deposits-review-th-1280');
  await consoleTab.setViewportSize({ width: 768, height: 900 });
  await captureConsole(consoleTab, 'deposits-review-th-768');

  // English, at 768 px, then approve.
  await panel.getByRole('button', { name: consoleMsg('th', 'deposits.review.close') }).click();
  await consoleTab.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await consoleTab.getByRole('heading', { name: consoleMsg('en', 'deposits.title') }).waitFor();
  await captureConsole(consoleTab, 'deposits-slips-en-768');
  await row.click();
  await panel.waitFor();
  await captureConsole(consoleTab, 'deposits-review-en-768');
  await consoleTab.setViewportSize({ width: 1280, height: 800 });
  const approveLabel = consoleMsg('en', 'deposits.review.approve', { amount: '432.10' });
  await panel.getByRole('button', { name: approveLabel }).click();
  const confirm = consoleTab.getByRole('dialog', {
    name: consoleMsg('en', 'deposits.review.approveTitle'),
  });
  await captureConsole(consoleTab, 'deposits-approve-en-1280');
  await confirm.getByRole('button', { name: approveLabel }).click();
  await consoleTab
    .getByText(consoleMsg('en', 'deposits.review.approved', { amount: '432.10' }))
    .waitFor();
  await panel.waitFor({ state: 'detached' });

  // The member's balance rose once; approving again is refused.
  await eventually(async () => assert.equal(await walletBaht(stack, memberToken), 432.1));
  const cashier = await operatorLoginAs(stack, 'cashier');
  const slips = await apiCall<{ rows: { reference: string; state: string }[] }>(
    stack,
    'GET',
    `/api/operator/deposits/slips?state=success&member=${member.phone}`,
    { token: cashier },
  );
  assert.equal(slips.status, 200);
  assert.equal(slips.body.rows.length, 1);
  const again = await fetch(
    `${stack.appUrl}/api/operator/deposits/slips/${slips.body.rows[0]!.reference}/approve`,
    {
      method: 'POST',
      headers: {
        'x-wallet-user': 'member',
        authorization: `Bearer ${cashier}`,
        'content-type': 'application/json',
        'idempotency-key': `again-${Date.now()}`,
      },
      body: '{}',
    },
  );
  assert.equal(again.status, 409);
  assert.equal(await walletBaht(stack, memberToken), 432.1);

  // A second held slip, rejected with a message.
  await app.bringToFront();
  assert.equal(await uploadInApp(app, await slipFile(stack, from, kbank, 5_000)), 'processing');
  await consoleTab.bringToFront();
  await consoleTab.getByRole('button', { name: consoleMsg('en', 'deposits.refresh') }).click();
  await eventually(async () => assert.equal(await row.count(), 1), 10_000);
  await row.click();
  await panel.getByRole('button', { name: consoleMsg('en', 'deposits.review.reject') }).click();
  const reject = consoleTab.getByRole('dialog', {
    name: consoleMsg('en', 'deposits.review.rejectTitle'),
  });
  await reject
    .getByLabel(consoleMsg('en', 'deposits.review.rejectNote'))
    .fill('The sender is not the account holder');
  await captureConsole(consoleTab, 'deposits-reject-en-1280');
  await reject.getByRole('button', { name: consoleMsg('en', 'deposits.review.reject') }).click();
  await consoleTab.getByText(consoleMsg('en', 'deposits.review.rejected')).waitFor();
  assert.equal(await walletBaht(stack, memberToken), 432.1);

  // The QR and gift-link tabs: the member's open QR is listed.
  const qr = await apiCall<{ qrcodeId: string }>(stack, 'POST', '/api/qrcode/KBANK', {
    token: memberToken,
    body: { amount: 150 },
  });
  assert.equal(qr.status, 200, JSON.stringify(qr.body));
  await consoleTab.getByRole('tab', { name: consoleMsg('en', 'deposits.tabs.qr') }).click();
  await consoleTab.getByText(qr.body.qrcodeId).waitFor();
  await captureConsole(consoleTab, 'deposits-qr-en-1280');
  await consoleTab.getByRole('tab', { name: consoleMsg('en', 'deposits.tabs.gifts') }).click();
  await consoleTab
    .getByRole('table', { name: consoleMsg('en', 'deposits.captions.gifts') })
    .waitFor();
  await captureConsole(consoleTab, 'deposits-gifts-en-1280');

  // The member reads the reason and the message in the slip dialog (th, 360 px).
  await app.bringToFront();
  await app.goto(`${stack.appUrl}/user/statement`);
  await app.getByTestId('upload-status-button').click();
  const dialog = app.getByTestId('slip-status-dialog');
  await dialog.waitFor();
  const note = dialog.getByTestId('slip-review-note');
  await note.waitFor();
  assert.equal(
    ((await note.textContent()) ?? '').trim(),
    `${msg('th', 'slips.staffNote')}: The sender is not the account holder`,
  );
  await capture(app, 'slip-dialog-review-note-th', 'th');
});

/** Uploads a slip file over the API (the thief's own phone); answers the upload's message. */
async function uploadOverApi(stack: Stack, token: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${stack.appUrl}/api/wallet/slip`, {
    method: 'POST',
    headers: {
      ...WALLET_USER_HEADERS,
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-thief-${Date.now()}`,
    },
    body: form,
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { message: string }).message;
}

test("a thief who registered the victim's name and digits gets nothing: both uploads held, the console names the other member, the cashier credits the victim", async () => {
  const { stack, browser } = fx;
  const victim = await registerMemberApi(stack, { bankAccountName: 'SOMCHAI JAIDEE' });
  await registeredLongAgo(stack, victim.phone);
  const first = victim.bankAccountNo.startsWith('8') ? '7' : '8';
  const thief = await registerMemberApi(stack, {
    bankCode: victim.bankCode,
    bankAccountNo: `${first}${victim.bankAccountNo.slice(1)}`,
    bankAccountName: 'SOMCHAI JAIDEE',
  });
  const victimToken = await loginApi(stack, victim.phone, victim.password);
  const thiefToken = await loginApi(stack, thief.phone, thief.password);
  const thiefNo = (
    await apiCall<{ profile: { _id: string } }>(stack, 'GET', '/api/account/profile', {
      token: thiefToken,
    })
  ).body.profile._id;

  // The thief's phone uploads the victim's slip first: held, not credited.
  const app = await browser.newPage();
  await signIn(app, stack.appUrl, victim.phone, victim.password, { locale: 'th' });
  const kbank = await operatorKbank(app);
  const from = { bankCode: victim.bankCode, accountNo: victim.bankAccountNo };
  const file = await slipFile(stack, from, kbank, 65_400);
  assert.equal(await uploadOverApi(stack, thiefToken, file), 'PROCESSING');
  // The victim's own upload is held as well, not refused as a duplicate.
  assert.equal(await uploadInApp(app, file), 'processing');
  await app.goto(`${stack.appUrl}/user/statement`);
  await app.getByTestId('upload-status-button').click();
  const mine = app.getByTestId('slip-status-dialog').getByTestId('slip-row').first();
  await mine.waitFor();
  assert.equal(await mine.getAttribute('data-status'), 'processing');
  assert.equal(
    (await mine.getByTestId('slip-status').locator('.badge').textContent())?.trim(),
    msg('th', 'slips.statuses.processing'),
  );
  await capture(app, 'slip-dialog-held-th', 'th');
  assert.deepEqual(
    [await walletBaht(stack, victimToken), await walletBaht(stack, thiefToken)],
    [0, 0],
  );

  // The cashier's queue in Thai: why it is held, and who else fits the sender.
  const consoleTab = await consolePage(browser);
  await consoleSignIn(consoleTab, stack, 'cashier');
  await openConsoleSection(consoleTab, 'th', 'deposits');
  const search = consoleTab.getByLabel(consoleMsg('th', 'deposits.filters.member'));
  await search.fill(victim.phone);
  await search.press('Enter');
  const row = consoleTab.getByRole('row', {
    name: new RegExp(`^${consoleMsg('th', 'deposits.open', { reference: '' }).trim()} SL`),
  });
  await eventually(async () => assert.equal(await row.count(), 1), 10_000);
  assert.ok(
    ((await row.textContent()) ?? '').includes(
      consoleMsg('th', 'deposits.cause.OTHER_MEMBERS_MATCH'),
    ),
  );
  await row.click();
  const panel = consoleTab.getByTestId('slip-review');
  await panel.waitFor();
  assert.ok(
    ((await panel.getByTestId('slip-cause').textContent()) ?? '').includes(
      consoleMsg('th', 'deposits.cause.OTHER_MEMBERS_MATCH'),
    ),
  );
  const others = panel.getByTestId('slip-others');
  const listed = (await others.textContent()) ?? '';
  assert.ok(listed.includes(thiefNo), `the thief ${thiefNo} is listed: ${listed}`);
  assert.ok(listed.includes(consoleMsg('th', 'deposits.slipState.review')));
  await captureConsole(consoleTab, 'deposits-review-others-th-1280');

  // The cashier credits the victim's slip; the thief's can then credit nothing.
  const approveLabel = consoleMsg('th', 'deposits.review.approve', { amount: '654.00' });
  await panel.getByRole('button', { name: approveLabel }).click();
  const confirm = consoleTab.getByRole('dialog', {
    name: consoleMsg('th', 'deposits.review.approveTitle'),
  });
  await confirm.getByRole('button', { name: approveLabel }).click();
  await panel.waitFor({ state: 'detached' });
  await eventually(async () => assert.equal(await walletBaht(stack, victimToken), 654));
  const cashier = await operatorLoginAs(stack, 'cashier');
  const held = await apiCall<{ rows: { reference: string; memberNo: string }[] }>(
    stack,
    'GET',
    `/api/operator/deposits/slips?state=review&member=${thief.phone}`,
    { token: cashier },
  );
  assert.equal(held.body.rows.length, 1);
  const decided = await fetch(
    `${stack.appUrl}/api/operator/deposits/slips/${held.body.rows[0]!.reference}/approve`,
    {
      method: 'POST',
      headers: {
        ...WALLET_USER_HEADERS,
        authorization: `Bearer ${cashier}`,
        'content-type': 'application/json',
        'idempotency-key': `thief-${Date.now()}`,
      },
      body: '{}',
    },
  );
  assert.equal(decided.status, 200);
  const outcome = (await decided.json()) as { state: string; reason: string | null };
  assert.deepEqual([outcome.state, outcome.reason], ['failed', 'SLIP_REFNO_DUPLICATED']);
  assert.deepEqual(
    [await walletBaht(stack, victimToken), await walletBaht(stack, thiefToken)],
    [654, 0],
  );
});
