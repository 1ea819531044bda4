// Helpers for the games module's integration tests: members with ids, idempotent money
// calls, and balances read straight from the ledger.
import type { ProviderCode } from '@wallet/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { MemoryFaultMix } from '../src/adapters/memory-game-provider';
import { accounts, balanceOf } from '../src/modules/ledger';
import type { TestApp } from './helpers';
import { uniquePhone } from './helpers';

export interface Member {
  token: string;
  memberNo: string;
  memberId: number;
  phone: string;
}

export async function newMember(t: TestApp, fundBaht = 0): Promise<Member> {
  const phone = uniquePhone();
  const token = await t.registerMember({ username: phone });
  const memberNo = await t.memberNo(token);
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  if (fundBaht > 0) await t.fund(memberNo, fundBaht);
  return { token, memberNo, memberId: row.id, phone };
}

let keys = 0;
export const newKey = () => `k-${process.pid}-${Date.now().toString(36)}-${++keys}`;

export function moneyCall(
  t: TestApp,
  member: Member,
  url: string,
  body: unknown,
  key: string = newKey(),
): Promise<LightMyRequestResponse> {
  return t.call('POST', url, { token: member.token, body, headers: { 'idempotency-key': key } });
}

export const transfer = (
  t: TestApp,
  member: Member,
  body: { from: string; to: string; amount: number },
  key?: string,
) => moneyCall(t, member, '/api/wallet/transfer', body, key);

export const transferAll = (t: TestApp, member: Member, to: string, key?: string) =>
  moneyCall(t, member, '/api/wallet/transferAll', { to }, key);

export async function activate(t: TestApp, member: Member, code: ProviderCode): Promise<string> {
  const res = await t.call('GET', `/api/wallet/activate/${code}`, { token: member.token });
  if (res.statusCode !== 200) throw new Error(`activate ${code}: ${res.statusCode} ${res.body}`);
  const creds = await t.call('GET', `/api/wallet/account/${code}`, { token: member.token });
  return creds.json<{ username: string }>().username;
}

/** Ledger balances of a member in satang. */
export async function moneyOf(t: TestApp, member: Member) {
  return {
    cash: await balanceOf(t.db, accounts.memberCash(member.memberId).code),
    hold: await balanceOf(t.db, accounts.memberHold(member.memberId, 'game').code),
  };
}

export const providerAccount = (t: TestApp, code: ProviderCode) =>
  balanceOf(t.db, accounts.provider(code).code);

export async function statementOf(t: TestApp, member: Member) {
  const res = await t.call('POST', '/api/statement', {
    token: member.token,
    body: { page: 1, limit: 100 },
  });
  return res.json<{
    statements: {
      _id: string;
      statementType: string;
      status: string;
      from: string;
      to: string;
      amount: number;
    }[];
  }>().statements;
}

export function transferRow(t: TestApp, ref: string) {
  return t.db
    .selectFrom('game_transfers')
    .selectAll()
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
}

/** reliability.md T5's fault mix for the in-memory provider, replayable from `seed`. */
export const t5FaultMix = (seed: number): MemoryFaultMix => ({
  noAnswer: 0.2,
  http500: 0.1,
  slow: 0.1,
  appliedAnswerLost: 0.1,
  duplicate: 0.05,
  seed,
});
