// Audit-walker fixtures for four-eyes adjustments and operator accounts (decision 0089).
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../helpers';
import { NO_APPROVAL_THRESHOLD } from '../helpers';
import { newMember } from '../reliability/money-helpers';
import { setSetting } from '../../src/modules/settings';
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

export const fixtures: OperatorFixtures = {
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
