// Deposit scene-setting and the tester's side of a deposit: the sandbox bank page (pay an
// open QR, transfer to the operator's account and download the slip) and gift page (create
// a gift link), each driven in a second page as a tester would; plus the keyed sandbox API
// for checks the member's page cannot show (the charge's status, its webhook delivery).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from './app.js';
import type { Stack } from './stack.js';

/** Where this test process keeps downloaded slips; removed when the process exits. */
export const DOWNLOADS = mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-slips-'));
process.once('exit', () => rmSync(DOWNLOADS, { recursive: true, force: true }));

export interface SandboxAnswer<T> {
  status: number;
  body: T;
}

/** A keyed sandbox API call (x-sandbox-key), JSON in and out. */
export async function sandboxCall<T = unknown>(
  stack: Pick<Stack, 'sandboxUrl' | 'sandboxKey'>,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<SandboxAnswer<T>> {
  const res = await fetch(`${stack.sandboxUrl}${urlPath}`, {
    method,
    headers: {
      'x-sandbox-key': stack.sandboxKey,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface SandboxCharge {
  chargeId: string;
  gateway: string;
  merchantRef: string;
  /** satang */
  amount: number;
  status: 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED';
  txnId: string | null;
  expiresAt: string;
  /** The PromptPay payload a banking app reads from the QR. */
  payload: string;
}

/** The sandbox gateway's charge for one of our QR references (qrcodeId = merchantRef). */
export async function chargeOf(stack: Stack, merchantRef: string): Promise<SandboxCharge> {
  const answer = await sandboxCall<SandboxCharge[]>(stack, 'GET', '/bank/qr/charges?limit=100');
  assert.equal(answer.status, 200, `GET /bank/qr/charges answered ${answer.status}`);
  const charge = answer.body.find((c) => c.merchantRef === merchantRef);
  assert.ok(charge, `the sandbox gateway has no charge for ${merchantRef}`);
  return charge;
}

export interface SandboxDelivery {
  chargeId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
}

/** The webhook deliveries of one charge, newest first. */
export async function webhooksOf(stack: Stack, chargeId: string): Promise<SandboxDelivery[]> {
  const answer = await sandboxCall<SandboxDelivery[]>(
    stack,
    'GET',
    `/bank/qr/webhooks?chargeId=${encodeURIComponent(chargeId)}`,
  );
  assert.equal(answer.status, 200);
  return answer.body;
}

/**
 * Pays one open QR the tester's way: /bank in a new page of the same browser context,
 * the "Pay" button of the row with our reference under "Open QR codes". Returns the page
 * (left on /bank with the notice) for a screenshot.
 */
export async function payQrOnBankPage(
  context: BrowserContext,
  stack: Stack,
  merchantRef: string,
): Promise<Page> {
  const bank = await context.newPage();
  await bank.goto(`${stack.sandboxUrl}/bank`);
  const row = bank.locator(`#qr li[data-ref="${merchantRef}"]`);
  await row.waitFor();
  await row.locator(`button[data-pay="${merchantRef}"]`).click();
  await bank.waitForURL((url) => url.pathname === '/bank' && url.search.includes('n=PAID'));
  await bank.locator(`#qr-paid li[data-ref="${merchantRef}"]`).waitFor();
  return bank;
}

export interface TransferScene {
  from: { bankCode: string; accountNo: string; name: string };
  to: { bankCode: string; accountNo: string };
  /** baht, as typed in the form, e.g. '150.00' */
  amount: string;
}

export interface DownloadedSlip {
  transRef: string;
  /** The PNG on disk, as the member's phone saved it. */
  file: string;
  /** The sandbox slip page, still open. */
  page: Page;
}

/**
 * Makes a transfer on the sandbox bank page ("Transfer to an account") and downloads the
 * slip PNG from the slip page it lands on, as a member saves it from a banking app.
 */
export async function transferAndDownloadSlip(
  context: BrowserContext,
  stack: Stack,
  scene: TransferScene,
): Promise<DownloadedSlip> {
  const bank = await context.newPage();
  await bank.goto(`${stack.sandboxUrl}/bank`);
  const form = bank.locator('#transfer form');
  await form.locator('select[name="fromBank"]').selectOption(scene.from.bankCode);
  await form.locator('input[name="fromAccount"]').fill(scene.from.accountNo);
  await form.locator('input[name="fromName"]').fill(scene.from.name);
  await form.locator('select[name="toBank"]').selectOption(scene.to.bankCode);
  await form.locator('input[name="toAccount"]').fill(scene.to.accountNo);
  await form.locator('input[name="toName"]').fill('');
  await form.locator('input[name="amount"]').fill(scene.amount);
  await form.locator('button[type="submit"]').click();
  await bank.waitForURL((url) => url.pathname.startsWith('/bank/slip/'));
  const transRef = decodeURIComponent(new URL(bank.url()).pathname.split('/').pop() ?? '');
  assert.match(transRef, /^[A-Za-z0-9]{20,25}$/, `slip page ${bank.url()}`);
  await bank.locator('img.slip').waitFor();
  const [download] = await Promise.all([
    bank.waitForEvent('download'),
    bank.locator(`a[download="slip-${transRef}.png"]`).first().click(),
  ]);
  const file = path.join(DOWNLOADS, download.suggestedFilename());
  await download.saveAs(file);
  assert.equal(path.basename(file), `slip-${transRef}.png`);
  return { transRef, file, page: bank };
}

export interface CreatedGift {
  hash: string;
  link: string;
  page: Page;
}

/** Creates a gift link on the sandbox /gift page for a phone and amount (baht text). */
export async function createGiftOnPage(
  context: BrowserContext,
  stack: Stack,
  ownerMobile: string,
  amount: string,
): Promise<CreatedGift> {
  const gift = await context.newPage();
  await gift.goto(`${stack.sandboxUrl}/gift`);
  const form = gift.locator('#create form');
  await form.locator('input[name="ownerMobile"]').fill(ownerMobile);
  await form.locator('input[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
  const fresh = gift.locator('#new-link');
  await fresh.waitFor();
  const hash = (await fresh.getAttribute('data-hash')) ?? '';
  assert.match(hash, /^[A-Za-z0-9]{35}$/);
  const link = await gift.locator('#new-link-input').inputValue();
  assert.ok(link.includes(`/gift/campaign/?v=${hash}`), link);
  return { hash, link, page: gift };
}

/**
 * Presses the gift page's Copy button for the new link (the page's own script writes the
 * clipboard; the context needs the clipboard permissions) and waits for its "Copied".
 */
export async function copyNewGiftLink(gift: Page): Promise<void> {
  const button = gift.locator('#new-link button[data-copy]');
  await button.click();
  await eventually(async () => assert.equal((await button.textContent())?.trim(), 'Copied'));
}

/** Lets the pages of a context read and write the clipboard (copy toasts, paste). */
export async function allowClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}

/** What the clipboard holds, read from a page. */
export async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The status of a gift voucher in the sandbox issuer. */
export async function voucherStatus(stack: Stack, hash: string): Promise<string> {
  const answer = await sandboxCall<{ status: string }>(stack, 'GET', `/gift/vouchers/${hash}`);
  assert.equal(answer.status, 200);
  return answer.body.status;
}

/** Digits of a grouped account number as the dialog shows it ('040-8-12345-6' -> '0408123456'). */
export function digitsOf(shown: string): string {
  return shown.replace(/\D/g, '');
}

/** Waits until a toast with exactly this text (and kind, when given) is on the page. */
export async function expectToast(
  page: Page,
  text: string,
  kind?: 'success' | 'error' | 'info',
  timeoutMs = 10_000,
): Promise<void> {
  await eventually(
    async () => {
      // One snapshot of every toast: reading them one by one would wait on a toast that
      // closed after it was counted (auto-dismiss), past this loop's own deadline.
      const toasts = await page.getByTestId('toast').evaluateAll((elements) =>
        elements.map((element) => ({
          text: (element.querySelector('.toast__text')?.textContent ?? '').trim(),
          kind: element.getAttribute('data-kind'),
        })),
      );
      if (toasts.some((t) => t.text === text && (kind === undefined || t.kind === kind))) return;
      const seen = toasts.map((t) => `${t.kind}: ${t.text}`);
      assert.fail(`no ${kind ?? ''} toast "${text}"; toasts: ${JSON.stringify(seen)}`);
    },
    timeoutMs,
    100,
  );
}
