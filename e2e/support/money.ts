// Money scene-setting for the money journeys: funding a member's wallet through an operator
// adjustment (a proper ledger transaction, issue 3: deposits arrive later), and reading what
// the sandbox's provider and bank saw, which the member's page cannot show.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, operatorLogin, operatorLoginAs, WALLET_USER_HEADERS } from './api.js';
import type { Stack } from './stack.js';

/** The member number (`_id`) of a member, read from their profile. */
export async function memberIdOf(stack: Stack, phone: string, password: string): Promise<string> {
  const token = await loginApi(stack, phone, password);
  const answer = await apiCall<{ profile: { _id: string } }>(stack, 'GET', '/api/account/profile', {
    token,
  });
  if (answer.status !== 200) {
    throw new Error(`GET /api/account/profile answered ${answer.status}`);
  }
  return answer.body.profile._id;
}

/**
 * Credits (or debits) a member's wallet by `amountBaht` through POST /api/operator/adjustments
 * and returns the new wallet balance in baht.
 */
export async function adjustWallet(
  stack: Stack,
  memberId: string,
  amountBaht: number,
  direction: 'credit' | 'debit' = 'credit',
): Promise<number> {
  const token = await operatorLogin(stack);
  const res = await fetch(`${stack.appUrl}/api/operator/adjustments`, {
    method: 'POST',
    headers: {
      ...WALLET_USER_HEADERS,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      memberId,
      amount: amountBaht,
      direction,
      reason: 'e2e funding',
    }),
  });
  const body = (await res.json()) as {
    message?: string;
    balance?: number;
    status?: string;
    requestId?: number;
  };
  if (res.status !== 200 || typeof body.balance !== 'number') {
    throw new Error(
      `POST /api/operator/adjustments answered ${res.status}: ${JSON.stringify(body)}`,
    );
  }
  if (body.status !== 'pending') return body.balance;
  // Above the four-eyes threshold (decision 0089): a second operator (cashier) approves it.
  const approved = await apiCall<{ balance: number }>(
    stack,
    'POST',
    `/api/operator/adjustments/requests/${body.requestId}/approve`,
    { token: await operatorLoginAs(stack, 'cashier') },
  );
  if (approved.status !== 200) {
    throw new Error(`approving adjustment request ${body.requestId}: ${approved.status}`);
  }
  return approved.body.balance;
}

/** Funds a fresh member's wallet; returns their member number. */
export async function fundMember(
  stack: Stack,
  member: { phone: string; password: string },
  amountBaht: number,
): Promise<string> {
  const memberId = await memberIdOf(stack, member.phone, member.password);
  await adjustWallet(stack, memberId, amountBaht);
  return memberId;
}

async function sandboxGet<T>(stack: Stack, path: string): Promise<T> {
  const res = await fetch(`${stack.sandboxUrl}${path}`, {
    headers: { 'x-sandbox-key': stack.sandboxKey, Accept: 'application/json' },
  });
  if (res.status !== 200) throw new Error(`sandbox GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The provider-side balance of a game account, in satang (sandbox game provider API). */
export async function providerBalance(
  stack: Stack,
  code: string,
  username: string,
): Promise<number> {
  const body = await sandboxGet<{ balance: number }>(
    stack,
    `/provider/${code}/accounts/${encodeURIComponent(username)}`,
  );
  return body.balance;
}

export interface SandboxPayout {
  ref: string;
  status: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  /** satang */
  amount: number;
  paidAt: string;
}

/** Payouts the sandbox bank received for one account number, newest first. */
export async function bankPayouts(stack: Stack, accountNo: string): Promise<SandboxPayout[]> {
  return sandboxGet<SandboxPayout[]>(
    stack,
    `/bank/payouts?accountNo=${encodeURIComponent(accountNo)}`,
  );
}

/** Satang -> the app's money display, e.g. 123450 -> '฿1,234.50' (integers only). */
export function satangText(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  const baht = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}฿${baht}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Brings a carousel card to the centre (the next button, as a member would swipe) and taps it.
 * A side card's tap also opens it, but the centre one is the member's usual path.
 */
export async function openGameCard(page: Page, code: string, category = 'slot'): Promise<void> {
  const card = page.getByTestId(`slot-card-${code}`);
  const slide = page.getByTestId('carousel-slide').filter({ has: card });
  for (let i = 0; i < 20; i += 1) {
    if ((await slide.getAttribute('data-offset')) === '0') break;
    await page.getByTestId(`carousel-${category}-next`).click();
  }
  await card.click();
  await page.getByTestId('slot-account-dialog').waitFor();
}
