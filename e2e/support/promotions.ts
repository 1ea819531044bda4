// Scene-setting for the promotion journeys (issue 12), as a member and a tester would do it
// through the API: a real QR deposit paid at the sandbox bank (a bonus needs a credited
// deposit, an operator adjustment is not one), a game account with money in it, and rounds
// played at the sandbox provider with its tester call (docs/sandbox.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiCall } from './api.js';
import { eventually } from './app.js';
import { chargeOf, sandboxCall } from './deposit.js';
import type { Stack } from './stack.js';

/** The wallet balance in baht. */
export async function walletBaht(stack: Stack, token: string): Promise<number> {
  const answer = await apiCall<{ wallet: { amount: number } }>(stack, 'GET', '/api/wallet', {
    token,
  });
  assert.equal(answer.status, 200, `GET /api/wallet answered ${answer.status}`);
  return answer.body.wallet.amount;
}

/** Creates a KBANK QR for `baht`, pays it at the sandbox bank, waits for the credit. */
export async function depositByQr(stack: Stack, token: string, baht: number): Promise<void> {
  const before = await walletBaht(stack, token);
  const created = await apiCall<{ qrcodeId: string | null; message: string | null }>(
    stack,
    'POST',
    '/api/qrcode/KBANK',
    { token, body: { amount: baht } },
  );
  assert.equal(created.status, 200, `QR create: ${JSON.stringify(created.body)}`);
  assert.ok(created.body.qrcodeId, `QR create: ${JSON.stringify(created.body)}`);
  const charge = await chargeOf(stack, created.body.qrcodeId);
  const paid = await sandboxCall(stack, 'POST', '/bank/qr/pay', { payload: charge.payload });
  assert.equal(paid.status, 201, `sandbox pay: ${JSON.stringify(paid.body)}`);
  await eventually(async () => assert.equal(await walletBaht(stack, token), before + baht), 15_000);
}

/** Opens the member's account at a provider; answers its username. */
export async function openGame(stack: Stack, token: string, code: string): Promise<string> {
  const opened = await apiCall(stack, 'GET', `/api/wallet/activate/${code}`, { token });
  assert.ok([200, 409].includes(opened.status), `activate ${code}: ${opened.status}`);
  const account = await apiCall<{ username: string }>(stack, 'GET', `/api/wallet/account/${code}`, {
    token,
  });
  assert.equal(account.status, 200, `credentials of ${code}: ${account.status}`);
  return account.body.username;
}

/** Moves `baht` between the wallet and a game (`WALLET` on one side). */
export async function moveMoney(
  stack: Stack,
  token: string,
  from: string,
  to: string,
  baht: number,
): Promise<void> {
  const res = await fetch(`${stack.appUrl}/api/wallet/transfer`, {
    method: 'POST',
    headers: {
      'X-Wallet-User': 'member',
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ from, to, amount: baht }),
  });
  const body = (await res.json()) as { status?: string };
  assert.equal(res.status, 200, `transfer ${from} -> ${to}: ${JSON.stringify(body)}`);
  assert.equal(body.status, 'SUCCESS', `transfer ${from} -> ${to}: ${JSON.stringify(body)}`);
}

export interface PlayAnswer {
  rounds: number;
  /** satang */
  bets: number;
  wins: number;
  balance: number;
  stoppedEarly: boolean;
}

/** The sandbox provider's tester call: `rounds` rounds of `bet` satang at once. */
export async function playRounds(
  stack: Stack,
  code: string,
  username: string,
  body: { rounds: number; bet: 100 | 500 | 1000; outcome?: 'random' | 'lose' | 'win' },
): Promise<PlayAnswer> {
  const answer = await sandboxCall<PlayAnswer>(
    stack,
    'POST',
    `/provider/${code}/accounts/${encodeURIComponent(username)}/play`,
    body,
  );
  assert.equal(answer.status, 200, `play: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
