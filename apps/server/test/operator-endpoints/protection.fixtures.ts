// Audit-walker fixtures for player protection in the console (issue 28, decision 0139).
import { newMember } from '../reliability/money-helpers';
import type { OperatorFixtures } from './fixture';

export const fixtures: OperatorFixtures = {
  'GET /api/operator/members/:memberNo/protection': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo } };
  },
  'POST /api/operator/members/:memberNo/protection/time-out': async (t) => {
    const member = await newMember(t);
    return {
      params: { memberNo: member.memberNo },
      body: { duration: '24h', reason: 'walker: the member asked' },
    };
  },
  'POST /api/operator/members/:memberNo/protection/self-exclusion': async (t) => {
    const member = await newMember(t);
    return {
      params: { memberNo: member.memberNo },
      body: { duration: '6m', reason: 'walker: the member asked' },
    };
  },
};
