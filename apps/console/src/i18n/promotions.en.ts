import type { promotionsTh } from './promotions.th';
import type { Widen } from './types';

export const promotionsEn: Widen<typeof promotionsTh> = {
  description: 'Bonuses, promotion codes, invite and refund rates, spin wheels',
};
