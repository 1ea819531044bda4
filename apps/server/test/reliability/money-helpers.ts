// Shared by the withdrawal and reliability tests: members with money, calls with
// idempotency keys, and balances read straight from the ledger.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { accounts, balancesOf } from '../../src/modules/ledger';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../helpers';
import { uniquePhone } from '../helpers';

export interface Member {
  token: string;
  memberNo: string;
  id: number;
}

export const newKey = (): string => `k-${randomUUID()}`;

/** Registers a member and (optionally) funds the wallet by an operator adjustment. */
export async function newMember(t: TestApp, baht = 0, extra: Record<string, string> = {}) {
  const token = await t.registerMember({ username: uniquePhone(), ...extra });
  const memberNo = await t.memberNo(token);
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  if (baht > 0) await t.fund(memberNo, baht);
  return { token, memberNo, id: row.id } satisfies Member;
}

export interface MemberBalances {
  cash: number;
  hold: number;
}

/** The member's wallet and withdrawal hold in satang, from the ledger. */
export async function balances(db: Db, memberId: number): Promise<MemberBalances> {
  const cash = accounts.memberCash(memberId).code;
  const hold = accounts.memberHold(memberId, 'withdraw').code;
  const map = await balancesOf(db, [cash, hold]);
  return { cash: map.get(cash) ?? 0, hold: map.get(hold) ?? 0 };
}

export function withdraw(
  t: Pick<TestApp, 'call'>,
  token: string,
  amount: unknown,
  key: string = newKey(),
  path: '/api/wallet/withdraw' | '/api/wallet/withdrawAll' = '/api/wallet/withdrawAll',
  /** Baht of own money the member confirms the withdrawal forfeits (decision 0112). */
  confirmForfeit?: number,
): Promise<LightMyRequestResponse> {
  return t.call('POST', path, {
    token,
    headers: { 'idempotency-key': key },
    body: confirmForfeit === undefined ? { amount } : { amount, confirmForfeit },
  });
}

export async function adjust(
  t: TestApp,
  body: Record<string, unknown>,
  key: string = newKey(),
): Promise<LightMyRequestResponse> {
  return t.call('POST', '/api/operator/adjustments', {
    token: await t.operatorToken(),
    headers: { 'idempotency-key': key },
    body,
  });
}

/** A fingerprint of every balance and the number of postings: equal means nothing moved. */
export async function ledgerFingerprint(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .orderBy('code')
    .execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return `${Number(entries.n)}|${rows.map((r) => `${r.code}=${r.balance}`).join(',')}`;
}

/**
 * Counts an answer by `status message` in a race's tally (`status answer` for a body
 * without a message, such as a bonus item or a spin result; `status not json`).
 */
export function tallyAnswer(answers: Record<string, number>, status: number, body: string): void {
  let message: string;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    message = typeof parsed.message === 'string' ? parsed.message : 'answer';
  } catch {
    message = 'not json';
  }
  const label = `${status} ${message}`;
  answers[label] = (answers[label] ?? 0) + 1;
}

/**
 * Changes a member's payout account the way operators now must (decision 0116): `requester`
 * (cashier by default) asks, `approver` (admin by default) approves. Answers the request's
 * answer and, when it was accepted, the approval's.
 */
export async function changeMemberBank(
  t: TestApp,
  memberNo: string,
  body: { bankCode: string; bankAccountName: string; bankAccountNo: string; reason: string },
  roles: { requester?: 'admin' | 'cashier'; approver?: 'admin' | 'cashier' } = {},
): Promise<{ asked: LightMyRequestResponse; approved: LightMyRequestResponse | null }> {
  const asked = await t.call('PUT', `/api/operator/members/${memberNo}/bank`, {
    token: await t.operatorTokenAs(roles.requester ?? 'cashier'),
    body,
  });
  if (asked.statusCode !== 200) return { asked, approved: null };
  const { requestId } = asked.json<{ requestId: number }>();
  const approved = await t.call('POST', `/api/operator/bank-requests/${requestId}/approve`, {
    token: await t.operatorTokenAs(roles.approver ?? 'admin'),
  });
  return { asked, approved };
}

/** The id of a seeded demo operator (`admin`, `cashier`, ...). */
export async function operatorIdOf(t: Pick<TestApp, 'db'>, username: string): Promise<number> {
  const row = await t.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}
