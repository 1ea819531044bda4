import { api } from '@wallet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit, recordStrangerAudit } from '../audit';
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

  // Sign-in events go to the audit log too (decision 0086): who tried, from where. A failure
  // is a stranger's row (no session yet): bounded per IP and in all (decision 0119).
  const signInAudit =
    (request: FastifyRequest) =>
    async (...[event, operator]: Parameters<service.SignInAudit>) => {
      const ok = event.startsWith('login_ok') || event.startsWith('password_changed');
      const record = {
        operator: operator
          ? { operatorId: operator.id, username: operator.username, role: operator.role }
          : null,
        action: event,
        target: operator ? `operator:${operator.username}` : null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        outcome: ok ? 'ok' : event,
      };
      if (ok) return recordAudit(deps, record);
      const written = await recordStrangerAudit(deps, record);
      if (written === 'suppressed')
        request.log.warn({ event: 'audit_row_suppressed', action: event }, 'auth');
    };

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

  // An operator's own password (decision 0117); the audit row never holds a password.
  route(
    app,
    api.operator.changePassword,
    { rateLimit: perIp },
    async ({ operator, body, request, audit }) => {
      audit({ target: `operator:${operator.operatorId}`, after: null });
      const { revoked } = await service.changeOperatorPassword(deps, operator, body);
      audit({ after: { changed: 'password', sessionsRevoked: revoked } });
      request.log.info({ event: 'password_changed', operator: operator.username, revoked }, 'auth');
      return { message: 'SUCCESS' as const, revoked };
    },
  );

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
