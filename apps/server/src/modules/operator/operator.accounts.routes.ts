// Operator accounts (decision 0089). Every change's audit row shows the account before and
// after (auditView: never a password, hash or authenticator secret).
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as accounts from './operator.accounts';
import * as controls from './operator.controls';

export async function operatorAccountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorAccounts;
  const target = (id: number) => `operator:${id}`;

  route(app, group.list, {}, ({ query }) => accounts.listOperators(deps, query));

  // A change waiting for a second admin shows `requestId` in its audit row (decision 0117).
  const pending = (requestId: number | null) => (requestId === null ? {} : { requestId });

  route(app, group.create, {}, async ({ operator, body, audit }) => {
    audit({ target: `operator:${body.username}`, after: { ...body } });
    const created = await accounts.createOperator(deps, operator, body);
    audit({
      target: target(created.operator.id),
      after: { ...accounts.auditView(created.operator), ...pending(created.requestId) },
    });
    return created;
  });

  route(app, group.update, {}, async ({ operator, params, body, audit }) => {
    const changed = await accounts.updateOperator(deps, operator, params.operatorId, body);
    audit({
      target: target(params.operatorId),
      before: accounts.auditView(changed.before),
      after: {
        ...accounts.auditView(changed.operator),
        ...(changed.requestId !== null ? { role: body.role, requestId: changed.requestId } : {}),
      },
    });
    return { operator: changed.operator, requestId: changed.requestId };
  });

  route(app, group.setStatus, {}, async ({ operator, params, body, audit }) => {
    const changed = await accounts.setOperatorStatus(
      deps,
      operator,
      params.operatorId,
      body.status,
    );
    audit({
      target: target(params.operatorId),
      before: accounts.auditView(changed.before),
      after: {
        ...accounts.auditView(changed.operator),
        sessionsRevoked: changed.revoked,
        ...(changed.requestId !== null
          ? { status: body.status, requestId: changed.requestId }
          : {}),
      },
    });
    return { operator: changed.operator, revoked: changed.revoked, requestId: changed.requestId };
  });

  route(app, group.resetPassword, {}, async ({ params, audit }) => {
    audit({ target: target(params.operatorId), after: null });
    const changed = await accounts.resetOperatorPassword(deps, params.operatorId);
    audit({
      before: accounts.auditView(changed.before),
      // The new password itself is never written anywhere but the answer.
      after: { reset: 'password', sessionsRevoked: changed.revoked },
    });
    return {
      operator: changed.operator,
      temporaryPassword: changed.temporaryPassword,
      revoked: changed.revoked,
    };
  });

  route(app, group.resetTotp, {}, async ({ operator, params, audit }) => {
    audit({ target: target(params.operatorId), after: null });
    const changed = await accounts.resetOperatorTotp(deps, operator, params.operatorId);
    audit({
      before: accounts.auditView(changed.before),
      after: {
        ...accounts.auditView(changed.operator),
        sessionsRevoked: changed.revoked,
        ...pending(changed.requestId),
      },
    });
    return { operator: changed.operator, revoked: changed.revoked, requestId: changed.requestId };
  });

  // Control changes waiting for a second admin (decision 0117).
  const requests = api.operatorRequests;
  route(app, requests.controlRequests, {}, ({ query }) =>
    controls.listControlRequests(deps, query),
  );

  route(app, requests.approveControlRequest, {}, async ({ operator, params, request, audit }) => {
    audit({ target: `control-request:${params.requestId}`, after: null });
    const decided = await controls.approveControlRequest(deps, operator, params.requestId);
    audit({
      before: { status: 'pending', kind: decided.request.kind },
      after: {
        status: decided.request.status,
        kind: decided.request.kind,
        operator: decided.request.operator?.username ?? null,
        change: decided.request.change,
        requestedBy: decided.request.requestedBy.username,
        sessionsRevoked: decided.revoked,
      },
    });
    request.log.warn(
      {
        event: 'control_change_approved',
        operator: operator.username,
        requestedBy: decided.request.requestedBy.username,
        kind: decided.request.kind,
      },
      'operator',
    );
    return { message: 'SUCCESS' as const, request: decided.request };
  });

  route(app, requests.rejectControlRequest, {}, async ({ operator, params, body, audit }) => {
    audit({ target: `control-request:${params.requestId}`, after: { reason: body.reason } });
    const decided = await controls.rejectControlRequest(
      deps,
      operator,
      params.requestId,
      body.reason,
    );
    audit({
      before: { status: 'pending', kind: decided.kind },
      after: { status: decided.status, kind: decided.kind, reason: body.reason },
    });
    return { message: 'SUCCESS' as const, request: decided };
  });

  route(app, group.signOut, {}, async ({ params, audit }) => {
    audit({ target: target(params.operatorId), after: null });
    const revoked = await accounts.signOperatorOut(deps, params.operatorId);
    audit({ after: { sessionsRevoked: revoked } });
    return { message: 'OK' as const, revoked };
  });
}
