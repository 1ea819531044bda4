import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { resetMemberPassword, setMemberStatus } from '../account';
import { revokeMemberSession } from '../auth';
import { MembersError } from './members.errors';
import { addMemberNote } from './members.notes';
import * as read from './members.read';

// The members section of the operator console (issue 13, decision 0088). Reads for cashier
// and support; notes for both; the account actions for cashiers (roles in the contract).
// Every change names its target and before/after for the audit row; a password never does.
export async function operatorMembersRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { db } = deps;
  const g = api.operatorMembers;
  const target = (memberNo: string) => `member:${memberNo}`;

  route(app, g.search, {}, ({ query }) => read.searchMembers(db, query));
  route(app, g.member, {}, ({ params }) => read.memberPage(deps, params.memberNo));
  route(app, g.ledger, {}, ({ params, query }) => read.memberLedger(db, params.memberNo, query));
  route(app, g.statement, {}, ({ params, query }) =>
    read.memberStatement(db, params.memberNo, query),
  );
  route(app, g.deposits, {}, ({ params, query }) =>
    read.memberDeposits(db, params.memberNo, query),
  );
  route(app, g.withdrawals, {}, ({ params, query }) =>
    read.memberWithdrawals(deps, params.memberNo, query),
  );
  route(app, g.slips, {}, ({ params, query }) => read.memberSlips(db, params.memberNo, query));
  route(app, g.bonuses, {}, ({ params, query }) => read.memberBonuses(db, params.memberNo, query));
  route(app, g.sessions, {}, ({ params, query }) =>
    read.memberSessions(deps, params.memberNo, query),
  );
  route(app, g.bankChanges, {}, ({ params, query }) =>
    read.memberBankChanges(db, params.memberNo, query),
  );
  route(app, g.notes, {}, ({ params, query }) => read.memberNotes(db, params.memberNo, query));

  route(app, g.addNote, {}, async ({ operator, params, body, audit }) => {
    const note = await addMemberNote(deps, operator, params.memberNo, body.text);
    audit({
      target: target(params.memberNo),
      before: null,
      after: { noteId: note.id, text: note.text },
    });
    return note;
  });

  route(app, g.revokeSession, {}, async ({ params, audit, request }) => {
    audit({
      target: target(params.memberNo),
      before: { sessionId: params.sessionId },
      after: null,
    });
    const memberId = await read.memberIdOf(db, params.memberNo);
    if (!(await revokeMemberSession(deps, memberId, params.sessionId)))
      throw new MembersError('NO_DATA');
    audit({
      before: { sessionId: params.sessionId, revoked: false },
      after: { sessionId: params.sessionId, revoked: true },
    });
    request.log.info(
      { event: 'member_session_revoked', memberNo: params.memberNo, sessionId: params.sessionId },
      'backoffice',
    );
    return { message: 'SUCCESS' };
  });

  route(app, g.deactivate, {}, async ({ params, body, audit, request }) => {
    audit({ target: target(params.memberNo), after: { reason: body.reason } });
    const change = await setMemberStatus(deps, params.memberNo, 'inactive');
    audit({
      before: { status: change.before },
      after: { status: change.after, reason: body.reason, revokedSessions: change.revokedSessions },
    });
    request.log.warn({ event: 'member_deactivated', memberNo: params.memberNo }, 'backoffice');
    return { status: change.after, revokedSessions: change.revokedSessions };
  });

  route(app, g.reactivate, {}, async ({ params, body, audit, request }) => {
    audit({ target: target(params.memberNo), after: { reason: body.reason } });
    const change = await setMemberStatus(deps, params.memberNo, 'active');
    audit({
      before: { status: change.before },
      after: { status: change.after, reason: body.reason },
    });
    request.log.warn({ event: 'member_reactivated', memberNo: params.memberNo }, 'backoffice');
    return { status: change.after };
  });

  // The new password goes to the member's phone only: never into the answer, the audit row
  // or the log (decision 0088).
  route(app, g.resetPassword, {}, async ({ params, body, audit, request }) => {
    audit({ target: target(params.memberNo), after: { reason: body.reason } });
    const done = await resetMemberPassword(deps, params.memberNo, (stored) =>
      audit({
        before: null,
        after: {
          sentBy: 'sms',
          reason: body.reason,
          revokedSessions: stored.revokedSessions,
        },
      }),
    );
    request.log.warn({ event: 'member_password_reset', memberNo: params.memberNo }, 'backoffice');
    return { message: 'SUCCESS', revokedSessions: done.revokedSessions };
  });
}
