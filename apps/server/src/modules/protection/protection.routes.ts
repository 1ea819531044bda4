// The member's protection routes (issue 28, decision 0139) and the console's. The member id
// always comes from the session (members) or the member number in the path (operators);
// operators act only on a member's request, with a reason, and are audited.
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { ProtectionError } from './protection.errors';
import * as service from './protection.service';

export async function protectionRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const g = api.protection;
  const self = (memberId: number) => ({ actor: `member:${memberId}`, reason: null });
  const state = (memberId: number, sessionId: number) =>
    service.protectionState(deps, memberId, sessionId);

  route(app, g.state, {}, ({ member }) => state(member.memberId, member.sessionId));
  route(app, g.setLimit, {}, async ({ member, body }) => {
    await service.setLimit(deps, member.memberId, self(member.memberId), body);
    return state(member.memberId, member.sessionId);
  });
  route(app, g.confirmLimit, {}, async ({ member, body }) => {
    await service.confirmLimit(deps, member.memberId, self(member.memberId), body);
    return state(member.memberId, member.sessionId);
  });
  route(app, g.timeOut, {}, async ({ member, body }) => {
    await service.takeBlock(deps, member.memberId, self(member.memberId), {
      kind: 'time_out',
      duration: body.duration,
    });
    return state(member.memberId, member.sessionId);
  });
  route(app, g.selfExclude, {}, async ({ member, body }) => {
    await service.takeBlock(deps, member.memberId, self(member.memberId), {
      kind: 'self_exclusion',
      duration: body.duration,
    });
    return state(member.memberId, member.sessionId);
  });
  route(app, g.realityCheck, {}, async ({ member, body }) => {
    await service.setRealityCheck(deps, member.memberId, self(member.memberId), body.minutes);
    return state(member.memberId, member.sessionId);
  });
}

export async function protectionOperatorRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;
  const g = api.operatorProtection;
  const target = (memberNo: string) => `member:${memberNo}`;
  const memberIdOf = async (memberNo: string) => {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('member_no', '=', memberNo)
      .executeTakeFirst();
    if (!row) throw new ProtectionError('NO_USER');
    return row.id;
  };

  route(app, g.member, {}, async ({ params }) => {
    const memberId = await memberIdOf(params.memberNo);
    return {
      state: await service.protectionState(deps, memberId, null),
      history: await service.protectionHistory(db, memberId),
    };
  });

  const apply = async (
    operator: { operatorId: number },
    memberNo: string,
    request: service.BlockRequest,
    reason: string,
    audit: (note: { target?: string; before?: unknown; after?: unknown }) => void,
  ) => {
    audit({ target: target(memberNo), after: { reason } });
    const memberId = await memberIdOf(memberNo);
    const before = await service.protectionState(deps, memberId, null);
    await service.takeBlock(
      deps,
      memberId,
      { actor: `operator:${operator.operatorId}`, reason },
      request,
    );
    const after = await service.protectionState(deps, memberId, null);
    audit({
      before: { block: before.block },
      after: { block: after.block, duration: request.duration, reason },
    });
    app.log.warn({ event: `member_${request.kind}`, memberNo }, 'protection');
    return after;
  };
  route(app, g.timeOut, {}, ({ operator, params, body, audit }) =>
    apply(
      operator,
      params.memberNo,
      { kind: 'time_out', duration: body.duration },
      body.reason,
      audit,
    ),
  );
  route(app, g.selfExclude, {}, ({ operator, params, body, audit }) =>
    apply(
      operator,
      params.memberNo,
      { kind: 'self_exclusion', duration: body.duration },
      body.reason,
      audit,
    ),
  );
}
