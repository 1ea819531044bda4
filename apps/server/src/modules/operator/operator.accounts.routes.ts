// Operator accounts (decision 0089). Every change's audit row shows the account before and
// after (auditView: never a password, hash or authenticator secret).
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as accounts from './operator.accounts';

export async function operatorAccountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorAccounts;
  const target = (id: number) => `operator:${id}`;

  route(app, group.list, {}, ({ query }) => accounts.listOperators(deps, query));

  route(app, group.create, {}, async ({ body, audit }) => {
    audit({ target: `operator:${body.username}`, after: { ...body } });
    const created = await accounts.createOperator(deps, body);
    audit({ target: target(created.operator.id), after: accounts.auditView(created.operator) });
    return created;
  });

  route(app, group.update, {}, async ({ operator, params, body, audit }) => {
    const changed = await accounts.updateOperator(deps, operator, params.operatorId, body);
    audit({
      target: target(params.operatorId),
      before: accounts.auditView(changed.before),
      after: accounts.auditView(changed.operator),
    });
    return { operator: changed.operator };
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
      after: { ...accounts.auditView(changed.operator), sessionsRevoked: changed.revoked },
    });
    return { operator: changed.operator, revoked: changed.revoked };
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

  route(app, group.resetTotp, {}, async ({ params, audit }) => {
    audit({ target: target(params.operatorId), after: null });
    const changed = await accounts.resetOperatorTotp(deps, params.operatorId);
    audit({
      before: accounts.auditView(changed.before),
      after: { ...accounts.auditView(changed.operator), sessionsRevoked: changed.revoked },
    });
    return { operator: changed.operator, revoked: changed.revoked };
  });

  route(app, group.signOut, {}, async ({ params, audit }) => {
    audit({ target: target(params.operatorId), after: null });
    const revoked = await accounts.signOperatorOut(deps, params.operatorId);
    audit({ after: { sessionsRevoked: revoked } });
    return { message: 'OK' as const, revoked };
  });
}
