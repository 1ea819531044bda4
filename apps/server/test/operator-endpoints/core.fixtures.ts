// Audit-walker fixtures for the operator endpoints that predate the console: sign-out, the
// site flag, registration OTP, adjustments, the withdrawal decision and the bank change.
import { newMember, withdraw } from '../reliability/money-helpers';
import { uniqueAccountNo } from '../helpers';
import type { OperatorFixtures } from './fixture';

export const fixtures: OperatorFixtures = {
  // Sign-outs end the session they are called with: a fresh one, not the walker's.
  'POST /api/operator/logout': async (t) => ({ token: await t.freshOperatorSession('support') }),
  'POST /api/operator/logout/all': async (t) => ({
    token: await t.freshOperatorSession('marketing'),
  }),
  'PUT /api/operator/site': async () => ({ body: { terminated: false } }),
  'PUT /api/operator/settings/registerOTP': async () => ({ body: { registerOTP: true } }),
  'POST /api/operator/adjustments': async (t) => {
    const member = await newMember(t);
    return {
      body: { memberId: member.memberNo, amount: 10, direction: 'credit', reason: 'walker' },
    };
  },
  'POST /api/operator/withdrawals/:id': async (t) => {
    const member = await newMember(t, 20_000);
    // Above the pay-at-once limit: the withdrawal waits for an operator.
    const answer = await withdraw(t, member.token, 6000);
    return {
      params: { id: answer.json<{ reference: string }>().reference },
      body: { decision: 'approve' },
    };
  },
  'PUT /api/operator/members/:memberId/bank': async (t) => {
    const member = await newMember(t);
    return {
      params: { memberId: member.memberNo },
      body: {
        bankCode: 'KBANK',
        bankAccountName: 'WALKER TEST',
        bankAccountNo: uniqueAccountNo(),
        reason: 'walker',
      },
    };
  },
};
