// The promotions module (decision 0071): grants (the turnover conditions promotion credits
// carry), bonuses and promotion codes. Invite, refund and spin modules credit through it.
import type { ModuleFace } from '../../module-face';
import { bonusOperatorRoutes } from './bonus/bonus.operator.routes';
import { bonusRoutes } from './bonus/bonus.routes';
import { inviteRoutes } from './invite/invite.routes';
import { promotionArtRoutes } from './promotions.art.routes';
import { operatorInviteRefundRoutes } from './promotions.operator';
import { refundRoutes } from './refund/refund.routes';
import { spinRoutes } from './spin';
export {
  BONUS_LABEL,
  creditGrant,
  DEFAULT_WEIGHTS,
  grantReference,
  hasOpenGrant,
  MAX_TURNOVER_MULTIPLE,
  openBonusGrant,
  openGrants,
} from './promotions.grants';
export { lockWallet, ownMoneyMoved, withHoldings } from './promotions.own-money';
export type { Holdings } from './promotions.own-money';
export type { CreditedGrant, GrantCredit, Weights } from './promotions.grants';
export { onDepositCredited } from './promotions.deposits';
export { grantsOfMember } from './promotions.member';
export type { MemberGrantRow } from './promotions.member';
export type { CreditedDeposit } from './promotions.deposits';
export { inviteClaimable } from './invite/invite.service';
export { promotionArtNames, type PromotionArtName } from './promotions.artwork';
export { endGrant, finishReference, refreshTurnover, turnoverAnswer } from './promotions.turnover';
export type { GrantProgress } from './promotions.turnover';
export type { TurnoverDeps } from './promotions.own-money';
export { assertDepositAllowed, forfeitForWithdrawal } from './promotions.money';
export { PromotionsError } from './promotions.errors';
export { awardCoins, seedSpinDemo } from './spin';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'promotions',
  routes: [
    promotionArtRoutes,
    inviteRoutes,
    refundRoutes,
    operatorInviteRefundRoutes,
    bonusRoutes,
    bonusOperatorRoutes,
    spinRoutes,
  ],
};
