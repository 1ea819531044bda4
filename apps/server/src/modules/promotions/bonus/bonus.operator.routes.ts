import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import { sanitizeBanners } from '../../../lib/sanitize-html';
import { changeNote } from '../promotions.audit';
import * as operator from './bonus.operator';

// The operator's bonus definitions and promotion codes (decision 0071). No money moves here.
// Each change names its target and what changed in its audit row (decisions 0086, 0092).
// Banner captions are sanitised before they are stored (decision 0123).
export async function bonusOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorBonus;
  route(app, group.listBonuses, {}, () => operator.listBonusDefinitions(deps));
  route(app, group.createBonus, {}, async ({ body, audit }) => {
    const after = await operator.createBonus(deps, {
      ...body,
      banners: await sanitizeBanners(body.banners),
    });
    audit(changeNote(`bonus:${after.code}`, null, after));
    return after;
  });
  route(app, group.updateBonus, {}, async ({ params, body, audit }) => {
    const before = await operator.findBonusView(deps, params.code);
    const after = await operator.updateBonus(deps, params.code, {
      ...body,
      banners: await sanitizeBanners(body.banners),
    });
    audit(changeNote(`bonus:${after.code}`, before, after));
    return after;
  });
  route(app, group.listPromotions, {}, () => operator.listPromotionCodes(deps));
  route(app, group.createPromotion, {}, async ({ body, audit }) => {
    const after = await operator.createPromotion(deps, body);
    audit(changeNote(`promotion:${after.code}`, null, after));
    return after;
  });
  route(app, group.updatePromotion, {}, async ({ params, body, audit }) => {
    const before = await operator.findPromotionView(deps, params.code);
    const after = await operator.updatePromotion(deps, params.code, body);
    audit(changeNote(`promotion:${after.code}`, before, after));
    return after;
  });

  // What the console's promotions section reads besides (issue 13, decision 0092).
  const reads = api.operatorPromotions;
  route(app, reads.usage, {}, () => operator.usage(deps));
  route(app, reads.promotionUses, {}, ({ params, query }) =>
    operator.promotionUses(deps, params.code, query.page, query.pageSize),
  );
}
