// What the open grants mean for the member's other money calls (decisions 0071, 0112):
// - a deposit is refused (BONUS_REMAINING) while a bonus or promotion grant is open;
// - a withdrawal may take the member's own money that is in the wallet, never promotion
//   money. While only an invite, refund or coupon grant is open it leaves the grant open.
//   While a bonus or promotion is open it ends every grant (spec section 9: "withdraw all
//   funds when a bonus is active, or the remainder is forfeited"): the promotion money goes
//   back to the house, the amount is paid, and the member's own money left in the wallet is
//   forfeited too, but only when the request confirms that exact figure.
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { Currency, PromotionGrantRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { accounts, post } from '../ledger';
import { openBonusGrant, openGrant, openGrants } from './promotions.grants';
import { PromotionsError } from './promotions.errors';
import type { Holdings, TurnoverDeps, WithdrawalTerms } from './promotions.own-money';
import { principalOf, remainderAfter, withdrawalTerms } from './promotions.own-money';
import { endGrant, isBonusKind, recordFinish, refreshTurnover } from './promotions.turnover';

/**
 * Reads the turnover first when `find` sees an open grant (a met grant ends and is not
 * answered), then answers `find` again. Outside any transaction (it calls the providers); the
 * caller's transaction re-checks.
 */
async function afterTurnover(
  deps: TurnoverDeps,
  memberId: number,
  find: (db: TurnoverDeps['db'], memberId: number) => Promise<PromotionGrantRow | undefined>,
): Promise<PromotionGrantRow | undefined> {
  if (!(await find(deps.db, memberId))) return undefined;
  await refreshTurnover(deps, memberId);
  return find(deps.db, memberId);
}

/** The open bonus or promotion grant after the turnover read: what deposits ask first. */
export const bonusGrantAfterTurnover = (deps: TurnoverDeps, memberId: number) =>
  afterTurnover(deps, memberId, openBonusGrant);

/** The open grant of any kind after the turnover read: what claims ask first (one at a time). */
export const grantAfterTurnover = (deps: TurnoverDeps, memberId: number) =>
  afterTurnover(deps, memberId, openGrant);

/**
 * Before a QR is created, a gift link sent or a slip stored: BONUS_REMAINING while a bonus
 * or promotion grant is still open once its turnover is read. Outside any transaction.
 */
export async function assertDepositAllowed(deps: TurnoverDeps, memberId: number): Promise<void> {
  if (await bonusGrantAfterTurnover(deps, memberId)) throw new PromotionsError('BONUS_REMAINING');
}

/** The terms of the member's open grants, in a transaction of withHoldings. */
export async function termsIn(
  trx: Db,
  clock: Clock,
  memberId: number,
  holdings: Holdings,
  grants: PromotionGrantRow[],
): Promise<WithdrawalTerms> {
  const credited = grants.reduce((sum, g) => sum + g.credited, 0);
  const principal = await principalOf(trx, clock, memberId, holdings, credited);
  return withdrawalTerms(holdings, principal, grants.some(isBonusKind));
}

export interface WithdrawalInput {
  memberId: number;
  currency: Currency;
  /** Satang asked. */
  amount: number;
  /** Satang of own money the request confirms it forfeits (decision 0112), if it said. */
  confirmForfeit: number | null;
  /** Read by withHoldings for this transaction; null when no grant was open before it. */
  holdings: Holdings | null;
}

/**
 * Call inside the withdrawal's transaction before its hold. With no open grant it returns
 * null and does nothing. Otherwise (the transaction came from withHoldings, which holds the
 * wallet lock) it applies the terms: MONEY_NOT_ENOUGH past the wallet, BONUS_REMAINING past
 * what is withdrawable (with `withdrawable`) or when own money would be forfeited without
 * `confirmForfeit` of that figure (with `forfeit`). A bonus or promotion open: every grant
 * ends, the promotion money goes back (`grant-forfeit:{grantId}`), and it returns what to call
 * after the hold: the confirmed forfeit of the rest (`grant-forfeit:{grantId}:rest`) and the
 * finish_bonus rows.
 */
export async function forfeitForWithdrawal(
  trx: Db,
  clock: Clock,
  input: WithdrawalInput,
): Promise<(() => Promise<void>) | null> {
  const grants = await openGrants(trx, input.memberId);
  if (grants.length === 0) return null;
  // A grant opened after the caller looked: what the member holds was not read.
  if (!input.holdings) throw new PromotionsError('GAME_BALANCE_UNAVAILABLE');
  const { holdings, amount } = input;
  const terms = await termsIn(trx, clock, input.memberId, holdings, grants);
  if (amount > holdings.wallet) throw new PromotionsError('MONEY_NOT_ENOUGH');
  if (amount > terms.withdrawable)
    throw new PromotionsError('BONUS_REMAINING', {
      details: { withdrawable: satangToBaht(terms.withdrawable) },
    });
  if (!terms.endsGrants) return null;
  const rest = remainderAfter(terms, holdings.wallet, amount);
  if (rest > 0 && input.confirmForfeit !== rest)
    throw new PromotionsError('BONUS_REMAINING', { details: { forfeit: satangToBaht(rest) } });
  const ended: PromotionGrantRow[] = [];
  for (const grant of grants)
    if (await endGrant(trx, clock, grant, 'forfeited', null)) ended.push(grant);
  const first = ended[0];
  if (!first) return null;
  const cash = accounts.memberCash(input.memberId, input.currency);
  const house = accounts.house('promotions', input.currency);
  const actor = `member:${input.memberId}`;
  if (terms.takeBack > 0)
    await post(trx, clock, {
      event: 'grant_forfeit',
      actor,
      idempotencyKey: `grant-forfeit:${first.id}`,
      entries: [{ debit: cash, credit: house, amount: terms.takeBack }],
    });
  return async () => {
    if (rest > 0)
      await post(trx, clock, {
        event: 'grant_forfeit',
        actor,
        idempotencyKey: `grant-forfeit:${first.id}:rest`,
        entries: [{ debit: cash, credit: house, amount: rest }],
      });
    for (const grant of ended)
      await recordFinish(trx, clock, grant, grant === first ? terms.takeBack + rest : 0);
  };
}
