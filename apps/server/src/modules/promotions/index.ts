// The promotions module (decision 0071): grants (the turnover conditions promotion credits
// carry), bonuses and promotion codes. Invite, refund and spin modules credit through it.
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
export type { CreditedDeposit } from './promotions.deposits';
export { inviteRoutes } from './invite/invite.routes';
export { inviteClaimable } from './invite/invite.service';
export { refundRoutes } from './refund/refund.routes';
export { operatorInviteRefundRoutes } from './promotions.operator';
export { promotionArtRoutes } from './promotions.art.routes';
export { promotionArtNames, type PromotionArtName } from './promotions.artwork';
export { endGrant, finishReference, refreshTurnover, turnoverAnswer } from './promotions.turnover';
export type { GrantProgress } from './promotions.turnover';
export type { TurnoverDeps } from './promotions.own-money';
export { assertDepositAllowed, forfeitForWithdrawal } from './promotions.money';
export { PromotionsError } from './promotions.errors';
export { bonusRoutes } from './bonus/bonus.routes';
export { bonusOperatorRoutes } from './bonus/bonus.operator.routes';
export { awardCoins, seedSpinDemo, spinRoutes } from './spin';
