import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './operator.service';

export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(app, api.operator.setSite, {}, async ({ body, operator, request }) => {
    const answer = await service.setSite(deps, body.terminated);
    request.log.warn(
      { event: 'site_terminated_set', operator: operator.username, ...answer },
      'operator',
    );
    return answer;
  });
  route(app, api.operator.setRegisterOtp, {}, async ({ body, operator, request }) => {
    const answer = await service.setRegisterOtp(deps, body.registerOTP);
    request.log.info(
      { event: 'register_otp_set', operator: operator.username, ...answer },
      'operator',
    );
    return answer;
  });
}
