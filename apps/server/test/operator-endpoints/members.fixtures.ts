// Audit-walker fixtures for the members section (issue 13, decision 0088).
import { newMember } from '../reliability/money-helpers';
import type { OperatorFixtures } from './fixture';

export const fixtures: OperatorFixtures = {
  'POST /api/operator/members/:memberNo/notes': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo }, body: { text: 'walker note' } };
  },
  'POST /api/operator/members/:memberNo/sessions/:sessionId/revoke': async (t) => {
    const member = await newMember(t);
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', member.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { params: { memberNo: member.memberNo, sessionId: session.id } };
  },
  'POST /api/operator/members/:memberNo/deactivate': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo }, body: { reason: 'walker' } };
  },
  'POST /api/operator/members/:memberNo/reactivate': async (t) => {
    const member = await newMember(t);
    await t.call('POST', `/api/operator/members/${member.memberNo}/deactivate`, {
      token: await t.operatorToken(),
      body: { reason: 'walker setup' },
    });
    return { params: { memberNo: member.memberNo }, body: { reason: 'walker' } };
  },
  'POST /api/operator/members/:memberNo/reset-password': async (t) => {
    const member = await newMember(t);
    return { params: { memberNo: member.memberNo }, body: { reason: 'walker' } };
  },
};
