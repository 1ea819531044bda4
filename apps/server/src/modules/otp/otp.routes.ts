import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './otp.service';

export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const perIp = { max: deps.config.rateLimit.otpPerMin, timeWindow: 60_000 };
  route(app, api.otp.send, { rateLimit: perIp }, ({ body, locale }) =>
    service.sendOtp(deps, body.phoneNumber, locale),
  );
  route(app, api.otp.verify, { rateLimit: perIp }, ({ body }) =>
    service.verifyOtp(deps, body.otpToken, body.otpCode),
  );
}
