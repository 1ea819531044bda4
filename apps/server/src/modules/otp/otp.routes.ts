import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './otp.service';

export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const perIp = { max: deps.config.rateLimit.otpPerMin, timeWindow: 60_000 };
  route(app, api.otp.send, { rateLimit: perIp }, ({ body, locale, request }) =>
    service.sendOtp(
      deps,
      body.phoneNumber,
      locale,
      service.proofFromCookies(request.headers.cookie),
    ),
  );
  // The answer stays `{ message }`; the proof travels as an HttpOnly cookie (decision 0049).
  route(app, api.otp.verify, { rateLimit: perIp }, async ({ body, reply }) => {
    const { message, proof } = await service.verifyOtp(deps, body.otpToken, body.otpCode);
    reply.header(
      'set-cookie',
      service.proofCookie(
        proof,
        deps.config.otp.verifiedMinutes * 60,
        deps.config.env === 'production',
      ),
    );
    return { message };
  });
}
