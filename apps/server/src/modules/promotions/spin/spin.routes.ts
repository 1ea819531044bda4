import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import * as operator from './spin.operator';
import * as service from './spin.service';

// Spec section 7 "Spin wheel" (decision 0071) and the operator's spin API (decision 0082).
export async function spinRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  route(app, api.spin.setup, {}, ({ member, locale }) =>
    service.setup(deps.db, member.memberId, locale),
  );
  route(app, api.spin.active, {}, async () => ({ active: await service.isActive(deps.db) }));

  route(app, api.spin.spin, {}, async ({ member, locale, idempotencyKey, request }) => {
    const answer = await service.spin(deps, member.memberId, locale, idempotencyKey);
    request.log.info(
      { event: 'spin', memberNo: member.memberNo, slice: answer.result.code },
      'promotion',
    );
    return answer;
  });

  route(app, api.spin.coupons, {}, ({ member, locale }) =>
    service.coupons(deps, member.memberId, locale),
  );

  route(app, api.spin.claim, {}, async ({ member, body, locale, request }) => {
    const answer = await service.claim(deps, member.memberId, body.coupon, locale);
    request.log.info(
      { event: 'coupon_claim', memberNo: member.memberNo, coupon: body.coupon },
      'money',
    );
    return answer;
  });

  route(app, api.operatorSpin.wheels, {}, () => operator.listWheels(deps));
  route(app, api.operatorSpin.createWheel, {}, ({ body }) => operator.createWheel(deps, body));
  route(app, api.operatorSpin.updateWheel, {}, ({ params, body }) =>
    operator.updateWheel(deps, Number(params.wheelId), body),
  );
  route(app, api.operatorSpin.createSlice, {}, ({ params, body }) =>
    operator.createSlice(deps, Number(params.wheelId), body),
  );
  route(app, api.operatorSpin.updateSlice, {}, ({ params, body }) =>
    operator.updateSlice(deps, Number(params.sliceId), body),
  );
  route(app, api.operatorSpin.coupons, {}, () => operator.listCoupons(deps));
  route(app, api.operatorSpin.settings, {}, () => operator.settings(deps));
  route(app, api.operatorSpin.setSettings, {}, ({ body }) => operator.setSettings(deps, body));
}
