import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import { checkActive, checkMinimum, clear } from '../promotions.clear';
import { codeRouteLimits, guardCodeGuess, turnoverRouteLimits } from '../promotions.limits';
import { turnoverAnswer } from '../promotions.turnover';
import { activatePromotion, currentPromotion, findPromotion } from './bonus.codes';
import { activateBonus, listBonuses } from './bonus.service';

// Bonuses, promotion codes and turnover (spec section 7, decision 0071). The code calls are
// limited per IP and per member, and lock a member out after unknown codes (decision 0120).
export async function bonusRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const codeLimits = codeRouteLimits(deps);
  route(app, api.bonus.list, {}, ({ member, locale }) =>
    listBonuses(deps, member.memberId, locale),
  );
  route(app, api.bonus.activate, codeLimits, async ({ member, params, locale, request }) => {
    const answer = await guardCodeGuess(
      deps,
      { memberId: member.memberId, call: 'bonus-activate', log: request.log },
      () => activateBonus(deps, member, params.code, locale),
    );
    request.log.info(
      { event: 'bonus_activate', memberNo: member.memberNo, code: params.code },
      'money',
    );
    return answer;
  });
  route(app, api.bonus.checkActive, {}, ({ member }) => checkActive(deps, member.memberId));
  route(app, api.bonus.checkMinimum, {}, ({ member }) => checkMinimum(deps, member));
  route(app, api.bonus.clear, {}, async ({ member, request }) => {
    const answer = await clear(deps, member);
    request.log.info({ event: 'bonus_clear', memberNo: member.memberNo }, 'money');
    return answer;
  });
  route(app, api.bonus.turnover, turnoverRouteLimits(deps), ({ member, locale }) =>
    turnoverAnswer(deps, member, locale),
  );

  route(app, api.promotion.find, codeLimits, ({ member, params, locale, request }) =>
    guardCodeGuess(
      deps,
      { memberId: member.memberId, call: 'find', log: request.log },
      () => findPromotion(deps, member.memberId, params.code, locale),
      // `{}`: no promotion the member can use under that code.
      (found) => !('code' in found),
    ),
  );
  route(app, api.promotion.activate, codeLimits, async ({ member, params, request }) => {
    const answer = await guardCodeGuess(
      deps,
      { memberId: member.memberId, call: 'promotion-activate', log: request.log },
      () => activatePromotion(deps, member, params.code),
    );
    request.log.info(
      { event: 'promotion_activate', memberNo: member.memberNo, code: params.code },
      'money',
    );
    return answer;
  });
  route(app, api.promotion.current, {}, ({ member, locale }) =>
    currentPromotion(deps, member.memberId, locale),
  );
}
