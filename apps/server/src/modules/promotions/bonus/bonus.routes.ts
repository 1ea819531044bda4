import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import { checkActive, checkMinimum, clear } from '../promotions.clear';
import { turnoverAnswer } from '../promotions.turnover';
import { activatePromotion, currentPromotion, findPromotion } from './bonus.codes';
import { activateBonus, listBonuses } from './bonus.service';

// Bonuses, promotion codes and turnover (spec section 7, decision 0071).
export async function bonusRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(app, api.bonus.list, {}, ({ member, locale }) =>
    listBonuses(deps, member.memberId, locale),
  );
  route(app, api.bonus.activate, {}, async ({ member, params, locale, request }) => {
    const answer = await activateBonus(deps, member, params.code, locale);
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
  route(app, api.bonus.turnover, {}, ({ member, locale }) => turnoverAnswer(deps, member, locale));

  route(app, api.promotion.find, {}, ({ member, params, locale }) =>
    findPromotion(deps, member.memberId, params.code, locale),
  );
  route(app, api.promotion.activate, {}, async ({ member, params, request }) => {
    const answer = await activatePromotion(deps, member, params.code);
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
