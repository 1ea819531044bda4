// Audit-walker fixtures for four-eyes adjustments and operator accounts (decision 0089).
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../helpers';
import { NO_APPROVAL_THRESHOLD, uniqueAccountNo } from '../helpers';
import { newMember } from '../reliability/money-helpers';
import { setSetting } from '../../src/modules/settings';
import { signInOperator } from '../operator-sign-in';
import type { OperatorFixtures } from './fixture';

/** A pending adjustment request made by `cashier` (so the walker's admin may decide it). */
async function pendingRequest(t: TestApp): Promise<number> {
  const member = await newMember(t);
  await setSetting(t.db, t.clock, 'adjustmentApprovalThreshold', 100_000);
  try {
    const res = await t.call('POST', '/api/operator/adjustments', {
      token: await t.operatorTokenAs('cashier'),
      headers: { 'idempotency-key': randomUUID() },
      body: { memberId: member.memberNo, amount: 1500, direction: 'credit', reason: 'walker' },
    });
    const answer = res.json<{ status: string; requestId: number }>();
    if (answer.status !== 'pending') throw new Error(`not pending: ${res.body}`);
    return answer.requestId;
  } finally {
    await setSetting(t.db, t.clock, 'adjustmentApprovalThreshold', NO_APPROVAL_THRESHOLD);
  }
}

let counter = 0;
/** A new operator account (made directly, not through the endpoint the walker times). */
async function newOperator(t: TestApp): Promise<number> {
  const res = await t.call('POST', '/api/operator/operators', {
    token: await t.operatorToken(),
    body: {
      username: `walker${++counter}x${process.pid % 1000}`,
      displayName: 'Walker',
      role: 'support',
    },
  });
  if (res.statusCode !== 200) throw new Error(`operator: ${res.body}`);
  return res.json<{ operator: { id: number } }>().operator.id;
}

/** A pending payout-account change asked by `cashier` (decision 0116). */
async function pendingBankRequest(t: TestApp): Promise<number> {
  const member = await newMember(t);
  const res = await t.call('PUT', `/api/operator/members/${member.memberNo}/bank`, {
    token: await t.operatorTokenAs('cashier'),
    body: {
      bankCode: 'KBANK',
      bankAccountName: 'WALKER',
      bankAccountNo: uniqueAccountNo(),
      reason: 'walker',
    },
  });
  if (res.statusCode !== 200) throw new Error(`bank request: ${res.body}`);
  return res.json<{ requestId: number }>().requestId;
}

/** A new operator signed in once (authenticator enrolled, own password chosen). */
async function signedInOperator(
  t: TestApp,
  role: 'support' | 'admin',
): Promise<{ id: number; token: string; password: string }> {
  const id = await newOperator(t);
  const username = (
    await t.db
      .selectFrom('operators')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).username;
  // The role set directly: the walker times the endpoints, not this set-up.
  if (role === 'admin')
    await t.db.updateTable('operators').set({ role }).where('id', '=', id).execute();
  const reset = await t.call('POST', `/api/operator/operators/${id}/password`, {
    token: await t.operatorToken(),
  });
  const temporary = reset.json<{ temporaryPassword: string }>().temporaryPassword;
  const password = `walker-own-${id}-password`;
  const token = await signInOperator(t.call, {
    username,
    password: temporary,
    newPassword: password,
    now: t.clock.now(),
  });
  return { id, token, password };
}

/**
 * A pending control change (decision 0117): a second active admin asks to reset a new
 * operator's authenticator, so the walker's `admin` may decide it. The second admin is then
 * deactivated (directly), so the walker's other fixtures see one active admin again.
 */
async function pendingControlRequest(t: TestApp): Promise<number> {
  const second = await signedInOperator(t, 'admin');
  const target = await newOperator(t);
  try {
    const res = await t.call('POST', `/api/operator/operators/${target}/totp/reset`, {
      token: second.token,
    });
    const requestId = res.json<{ requestId: number | null }>().requestId;
    if (requestId === null) throw new Error(`not pending: ${res.body}`);
    return requestId;
  } finally {
    await t.db
      .updateTable('operators')
      .set({ status: 'inactive' })
      .where('id', '=', second.id)
      .execute();
  }
}

export const fixtures: OperatorFixtures = {
  'POST /api/operator/bank-requests/:requestId/approve': async (t) => ({
    params: { requestId: await pendingBankRequest(t) },
  }),
  'POST /api/operator/bank-requests/:requestId/reject': async (t) => ({
    params: { requestId: await pendingBankRequest(t) },
    body: { reason: 'walker' },
  }),
  'POST /api/operator/control-requests/:requestId/approve': async (t) => ({
    params: { requestId: await pendingControlRequest(t) },
  }),
  'POST /api/operator/control-requests/:requestId/reject': async (t) => ({
    params: { requestId: await pendingControlRequest(t) },
    body: { reason: 'walker' },
  }),
  // A new operator's own password (the demo ones keep OPERATOR_PASSWORD for later sign-ins).
  'PUT /api/operator/password': async (t) => {
    const own = await signedInOperator(t, 'support');
    return {
      token: own.token,
      body: { currentPassword: own.password, newPassword: `${own.password}-2` },
    };
  },
  'POST /api/operator/adjustments/requests/:requestId/approve': async (t) => ({
    params: { requestId: await pendingRequest(t) },
  }),
  'POST /api/operator/adjustments/requests/:requestId/reject': async (t) => ({
    params: { requestId: await pendingRequest(t) },
    body: { reason: 'walker' },
  }),
  // The value the test apps run with: the walker leaves it as it found it.
  'PUT /api/operator/adjustments/threshold': async () => ({
    body: { threshold: NO_APPROVAL_THRESHOLD / 100 },
  }),
  'POST /api/operator/operators': async () => ({
    body: {
      username: `walkernew${++counter}x${process.pid % 1000}`,
      displayName: 'New',
      role: 'cashier',
    },
  }),
  'PUT /api/operator/operators/:operatorId': async (t) => ({
    params: { operatorId: await newOperator(t) },
    body: { role: 'marketing', displayName: 'Walker Two' },
  }),
  'PUT /api/operator/operators/:operatorId/status': async (t) => ({
    params: { operatorId: await newOperator(t) },
    body: { status: 'inactive' },
  }),
  'POST /api/operator/operators/:operatorId/password': async (t) => ({
    params: { operatorId: await newOperator(t) },
  }),
  'POST /api/operator/operators/:operatorId/totp/reset': async (t) => ({
    params: { operatorId: await newOperator(t) },
  }),
  'POST /api/operator/operators/:operatorId/logout': async (t) => ({
    params: { operatorId: await newOperator(t) },
  }),
};
