// Audit-walker fixtures for the markers of harm (issue 28, decision 0146).
import { newMember } from '../reliability/money-helpers';
import type { OperatorFixtures } from './fixture';

export const fixtures: OperatorFixtures = {
  'POST /api/operator/harm/:memberNo/notes': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo }, body: { text: 'walker: called the member' } };
  },
  'POST /api/operator/harm/:memberNo/contacted': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo }, body: {} };
  },
  'PUT /api/operator/harm/settings': async () => ({
    body: {
      depositAfterLossMinutes: 30,
      depositAfterLossCount: 2,
      depositsPerDay: 5,
      cancelledWithdrawals: 2,
      longSessionHours: 6,
      lateNightNights: 3,
      limitRaises: 3,
    },
  }),
};
