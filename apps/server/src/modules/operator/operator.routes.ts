import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './operator.service';

export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(app, api.operator.setSite, {}, async ({ body, operator, request, audit }) => {
    const { answer, audit: change } = await service.setSite(deps, body.terminated);
    audit(change);
    request.log.warn(
      { event: 'site_terminated_set', operator: operator.username, ...answer },
      'operator',
    );
    return answer;
  });
  route(app, api.operator.setRegisterOtp, {}, async ({ body, operator, request, audit }) => {
    const { answer, audit: change } = await service.setRegisterOtp(deps, body.registerOTP);
    audit(change);
    request.log.info(
      { event: 'register_otp_set', operator: operator.username, ...answer },
      'operator',
    );
    return answer;
  });
}
