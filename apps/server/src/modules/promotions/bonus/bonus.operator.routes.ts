import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import * as operator from './bonus.operator';

// The operator's bonus definitions and promotion codes (decision 0071). No money moves here.
export async function bonusOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorBonus;
  route(app, group.listBonuses, {}, () => operator.listBonusDefinitions(deps));
  route(app, group.createBonus, {}, ({ body }) => operator.createBonus(deps, body));
  route(app, group.updateBonus, {}, ({ params, body }) =>
    operator.updateBonus(deps, params.code, body),
  );
  route(app, group.listPromotions, {}, () => operator.listPromotionCodes(deps));
  route(app, group.createPromotion, {}, ({ body }) => operator.createPromotion(deps, body));
  route(app, group.updatePromotion, {}, ({ params, body }) =>
    operator.updatePromotion(deps, params.code, body),
  );
}
