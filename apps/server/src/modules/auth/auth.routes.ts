import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
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

  route(app, api.operator.login, { rateLimit: perIp }, ({ body, request }) =>
    service.loginOperator(deps, body, request.ip, (entry) => request.log.info(entry, 'auth')),
  );

  route(app, api.operator.logout, {}, async ({ operator, request }) => {
    await service.logout(deps, operator.sessionId);
    request.log.info({ event: 'logout', operator: operator.username }, 'auth');
    return { message: 'OK' };
  });
}
