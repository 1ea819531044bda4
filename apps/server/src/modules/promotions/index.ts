// The promotions module (decision 0071): grants (the turnover conditions promotion credits
// carry), bonuses and promotion codes. Invite, refund and spin modules credit through it.
export {
  BONUS_LABEL,
  creditGrant,
  DEFAULT_WEIGHTS,
  grantReference,
  MAX_TURNOVER_MULTIPLE,
  openBonusGrant,
  openGrants,
} from './promotions.grants';
export type { CreditedGrant, GrantCredit, Weights } from './promotions.grants';
export { onDepositCredited } from './promotions.deposits';
export type { CreditedDeposit } from './promotions.deposits';
export { awardCoins, seedSpinDemo, spinRoutes } from './spin';
