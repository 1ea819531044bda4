import type { OperatorWheel } from '@wallet/contract';
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import { sanitizeLocalizedHtml } from '../../../lib/sanitize-html';
import { changeNote } from '../promotions.audit';
import { spinRouteLimits } from '../promotions.limits';
import * as operator from './spin.operator';
import * as service from './spin.service';

// Spec section 7 "Spin wheel" (decision 0071) and the operator's spin API (decision 0082).
export async function spinRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  route(app, api.spin.setup, {}, ({ member, locale }) =>
    service.setup(deps.db, member.memberId, locale),
  );
  route(app, api.spin.active, {}, async () => ({ active: await service.isActive(deps.db) }));

  // Spins and claims are limited per IP and per member (decision 0120).
  const limits = spinRouteLimits(deps);
  route(app, api.spin.spin, limits, async ({ member, locale, idempotencyKey, request }) => {
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

  route(app, api.spin.claim, limits, async ({ member, body, request }) => {
    const answer = await service.claim(deps, member, body.coupon);
    request.log.info(
      { event: 'coupon_claim', memberNo: member.memberNo, coupon: body.coupon },
      'money',
    );
    return answer;
  });

  // The operator's side; each change names its target and what changed in its audit row
  // (decisions 0086, 0092). A slice's description is sanitised before it is stored (0123).
  route(app, api.operatorSpin.wheels, {}, () => operator.listWheels(deps));
  route(app, api.operatorSpin.createWheel, {}, async ({ body, audit }) => {
    const before = await operator.listWheels(deps);
    const after = await operator.createWheel(deps, body);
    audit({
      target: `wheel:${after._id}`,
      before: null,
      after: { name: after.name, active: after.active, ...switchedOff(before, after) },
    });
    return after;
  });
  route(app, api.operatorSpin.updateWheel, {}, async ({ params, body, audit }) => {
    const wheelId = Number(params.wheelId);
    const wheels = await operator.listWheels(deps);
    const after = await operator.updateWheel(deps, wheelId, body);
    const before = wheels.find((w) => w._id === after._id);
    const note = changeNote(
      `wheel:${after._id}`,
      before && { name: before.name, active: before.active },
      { name: after.name, active: after.active },
    );
    audit({ ...note, after: { ...(note.after as object), ...switchedOff(wheels, after) } });
    return after;
  });
  route(app, api.operatorSpin.createSlice, {}, async ({ params, body, audit }) => {
    const after = await operator.createSlice(deps, Number(params.wheelId), {
      ...body,
      htmlDescription: await sanitizeLocalizedHtml(body.htmlDescription),
    });
    const slice = after.slices.find((s) => s.code === body.code);
    audit(changeNote(`slice:${slice?._id ?? '?'},wheel:${after._id}`, null, slice ?? body));
    return after;
  });
  route(app, api.operatorSpin.updateSlice, {}, async ({ params, body, audit }) => {
    const before = await operator.findSlice(deps, Number(params.sliceId));
    const after = await operator.updateSlice(deps, Number(params.sliceId), {
      ...body,
      ...(body.htmlDescription === undefined
        ? {}
        : { htmlDescription: await sanitizeLocalizedHtml(body.htmlDescription) }),
    });
    const slice = after.slices.find((s) => s._id === params.sliceId);
    if (slice) audit(changeNote(`slice:${slice._id},wheel:${after._id}`, before?.slice, slice));
    return after;
  });
  route(app, api.operatorSpin.coupons, {}, () => operator.listCoupons(deps));
  route(app, api.operatorPromotions.coupons, {}, ({ query }) => operator.couponsPage(deps, query));
  route(app, api.operatorSpin.settings, {}, () => operator.settings(deps));
  route(app, api.operatorSpin.setSettings, {}, async ({ body, audit }) => {
    const before = await operator.settings(deps);
    const after = await operator.setSettings(deps, body);
    audit(changeNote('setting:spin', before, after));
    return after;
  });
}

/** The wheels a switch-on switched off (only one wheel is active), for the audit row. */
function switchedOff(before: OperatorWheel[], after: OperatorWheel) {
  if (!after.active) return {};
  const off = before.filter((w) => w.active && w._id !== after._id).map((w) => w._id);
  return off.length > 0 ? { switchedOff: off } : {};
}
