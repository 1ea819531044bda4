// Test support for bonuses and promotion codes (decision 0071): bonus definitions and codes
// made through the operator API, credited deposits by gift link, and calls by member.
import type { LightMyRequestResponse } from 'fastify';
import { encryptGiftLink, redeemLink } from './deposit-support';
import type { Member } from './game-support';
import type { TestApp } from './helpers';

let codes = 0;
export const newCode = (prefix = 'B') => `${prefix}${process.pid % 1000}X${++codes}`;

const text = (s: string) => ({ th: `${s} th`, la: `${s} la`, en: `${s} en` });

export interface BonusInput {
  code?: string;
  type?: 'limit' | 'day' | 'week';
  maxReceived?: number;
  percentFail?: number;
  credit?: { kind: 'fixed'; amount: number } | { kind: 'rate'; percent: number; cap: number };
  minDeposit?: number;
  turnoverMultiple?: number;
  weights?: { slot: number; sport: number; lotto: number };
  enabled?: boolean;
}

export function bonusBody(input: BonusInput = {}) {
  const code = input.code ?? newCode();
  return {
    code,
    name: text(`name ${code}`),
    description: text(`about ${code}`),
    banners: [{ image: '/api/promotions/art/bonus-welcome.jpg', html: text('<b>banner</b>') }],
    type: input.type ?? 'limit',
    maxReceived: input.maxReceived ?? 5,
    percentFail: input.percentFail ?? 10,
    credit: input.credit ?? { kind: 'rate', percent: 100, cap: 500 },
    minDeposit: input.minDeposit ?? 100,
    turnoverMultiple: input.turnoverMultiple ?? 2,
    weights: input.weights ?? { slot: 100, sport: 50, lotto: 0 },
    enabled: input.enabled ?? true,
    sortOrder: 0,
  };
}

export async function operatorCall(
  t: TestApp,
  method: string,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return t.call(method, url, { token: await t.operatorToken(), body });
}

/** Creates a bonus definition through the operator API; returns its code. */
export async function createBonus(t: TestApp, input: BonusInput = {}): Promise<string> {
  const body = bonusBody(input);
  const res = await operatorCall(t, 'POST', '/api/operator/bonuses', body);
  if (res.statusCode !== 200) throw new Error(`create bonus: ${res.statusCode} ${res.body}`);
  return body.code;
}

export async function createPromotion(
  t: TestApp,
  bonusCode: string,
  input: Partial<{
    code: string;
    validFrom: string;
    validTo: string | null;
    maxUsesPerMember: number;
    maxUsesTotal: number | null;
    enabled: boolean;
  }> = {},
): Promise<string> {
  const body = {
    code: input.code ?? newCode('P'),
    bonusCode,
    description: text('promo'),
    validFrom: input.validFrom ?? '2020-01-01T00:00:00.000Z',
    validTo: input.validTo ?? null,
    maxUsesPerMember: input.maxUsesPerMember ?? 1,
    maxUsesTotal: input.maxUsesTotal ?? null,
    enabled: input.enabled ?? true,
  };
  const res = await operatorCall(t, 'POST', '/api/operator/promotions', body);
  if (res.statusCode !== 200) throw new Error(`create promotion: ${res.statusCode} ${res.body}`);
  return body.code;
}

/** Makes `invitee` the invitee of `inviter` (as registration with the inviter's code does). */
export async function setInviter(t: TestApp, invitee: Member, inviter: Member): Promise<void> {
  await t.db
    .updateTable('members')
    .set({ invited_by: inviter.memberId })
    .where('id', '=', invitee.memberId)
    .execute();
}

/** A credited gift-link deposit of `satang` into the member's wallet. */
export async function deposit(t: TestApp, m: Member, satang: number) {
  const voucher = t.gifts.issue(m.phone, satang);
  return redeemLink(t, m.token, encryptGiftLink(voucher.link));
}

export const get = (t: TestApp, m: Member, url: string) => t.call('GET', url, { token: m.token });

/** [status, body] of a call, for one-line expectations. */
export const answer = (res: LightMyRequestResponse) => [res.statusCode, res.json()];

/** A spin slice as the operator API takes it (prize in baht). */
export const sliceBody = (code: string, weight: number, prize: number, sortOrder = 0) => ({
  code,
  label: text(code),
  bgColor: '#112233',
  textColor: '#ffffff',
  htmlDescription: text(`<p>${code}</p>`),
  weight,
  prize,
  sortOrder,
});

/** A new active wheel whose only drawable slice is `code` (prize in baht); returns its id. */
export async function riggedWheel(t: TestApp, code: string, prize: number): Promise<string> {
  const created = await operatorCall(t, 'POST', '/api/operator/spin/wheels', {
    name: text('Rigged'),
    active: false,
  });
  if (created.statusCode !== 200) throw new Error(`wheel: ${created.body}`);
  const id = created.json<{ _id: string }>()._id;
  for (const body of [sliceBody(code, 1, prize, 0), sliceBody(`${code}-Z`, 0, 5, 1)]) {
    const res = await operatorCall(t, 'POST', `/api/operator/spin/wheels/${id}/slices`, body);
    if (res.statusCode !== 200) throw new Error(`slice: ${res.body}`);
  }
  const on = await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${id}`, { active: true });
  if (on.statusCode !== 200) throw new Error(`wheel on: ${on.body}`);
  return id;
}
