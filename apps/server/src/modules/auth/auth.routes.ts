import { api } from '@wallet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit';
import { route } from '../../http/contract-route';
import * as service from './auth.service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const perIp = { max: deps.config.rateLimit.loginPerMin, timeWindow: 60_000 };

  route(app, api.auth.login, { rateLimit: perIp }, ({ body, request }) =>
    service.loginMember(deps, body, request.ip, (entry) => request.log.info(entry, 'auth')),
  );

  route(app, api.auth.logout, {}, async ({ member, request }) => {
    await service.logout(deps, member.sessionId);
    request.log.info({ event: 'logout', memberNo: member.memberNo }, 'auth');
    return { message: 'OK' };
  });

  // Sign-in events go to the audit log too (decision 0086): who tried, from where.
  const signInAudit =
    (request: FastifyRequest) =>
    (...[event, operator]: Parameters<service.SignInAudit>) =>
      recordAudit(deps, {
        operator: operator
          ? { operatorId: operator.id, username: operator.username, role: operator.role }
          : null,
        action: event,
        target: operator ? `operator:${operator.username}` : null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        outcome: event.startsWith('login_ok') ? 'ok' : event,
      });

  route(app, api.operator.login, { rateLimit: perIp }, ({ body, request }) =>
    service.loginOperator(
      deps,
      body,
      request.ip,
      (entry) => request.log.info(entry, 'auth'),
      signInAudit(request),
    ),
  );

  route(app, api.operator.loginTotp, { rateLimit: perIp }, ({ body, request }) =>
    service.loginOperatorTotp(
      deps,
      body,
      request.ip,
      (entry) => request.log.info(entry, 'auth'),
      signInAudit(request),
    ),
  );

  route(app, api.operator.me, {}, ({ operator }) => service.operatorMe(deps, operator.operatorId));

  route(app, api.operator.logout, {}, async ({ operator, request }) => {
    await service.logout(deps, operator.sessionId);
    request.log.info({ event: 'logout', operator: operator.username }, 'auth');
    return { message: 'OK' };
  });

  route(app, api.operator.logoutEverywhere, {}, async ({ operator, request }) => {
    const revoked = await service.revokeOperatorSessions(deps, operator.operatorId);
    request.log.info({ event: 'logout_everywhere', operator: operator.username, revoked }, 'auth');
    return { message: 'OK', revoked };
  });
}
