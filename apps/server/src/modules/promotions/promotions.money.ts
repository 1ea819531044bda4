// What the open grants mean for the member's other money calls (decision 0071):
// - a deposit is refused (BONUS_REMAINING) while a bonus or promotion grant is open;
// - a withdrawal ends every open grant: it first takes back what they credited, then the
//   withdrawal holds its amount, then whatever is left in the wallet is forfeited too.
import type { Db } from '../../db/database';
import type { Currency, PromotionGrantRow } from '../../db/schema';
import { lockKey } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { accounts, balanceOf, post } from '../ledger';
import { openBonusGrant, openGrants } from './promotions.grants';
import { PromotionsError } from './promotions.errors';
import type { TurnoverDeps } from './promotions.turnover';
import { endGrant, recordFinish, refreshTurnover } from './promotions.turnover';

/**
 * The member's open bonus or promotion grant once its turnover has been read from the
 * providers (a met grant ends first and is not answered). What every call the rule book
 * blocks while a bonus is open asks first: deposits, refunds, coupon claims. Outside any
 * transaction (it calls the providers); the caller's transaction re-checks openBonusGrant.
 */
export async function bonusGrantAfterTurnover(
  deps: TurnoverDeps,
  memberId: number,
): Promise<PromotionGrantRow | undefined> {
  if (!(await openBonusGrant(deps.db, memberId))) return undefined;
  await refreshTurnover(deps, memberId);
  return openBonusGrant(deps.db, memberId);
}

/**
 * Before a QR is created, a gift link sent or a slip stored: BONUS_REMAINING while a bonus
 * or promotion grant is still open once its turnover is read. Outside any transaction.
 */
export async function assertDepositAllowed(deps: TurnoverDeps, memberId: number): Promise<void> {
  if (await bonusGrantAfterTurnover(deps, memberId)) throw new PromotionsError('BONUS_REMAINING');
}

/**
 * Call before a withdrawal's hold, after refreshTurnover (a met grant forfeits nothing),
 * inside the withdrawal's transaction. With no open grant it returns null and does nothing.
 * Otherwise it ends every open grant (status forfeited), takes back what each credited
 * (`grant-forfeit:{grantId}`, so a re-run never takes it twice) and returns what to call
 * after the hold: the forfeit of the rest of the wallet and the finish_bonus rows.
 * MONEY_NOT_ENOUGH when the wallet holds less than the forfeit + `amount`.
 */
export async function forfeitForWithdrawal(
  trx: Db,
  clock: Clock,
  input: { memberId: number; currency: Currency; amount: number },
): Promise<(() => Promise<void>) | null> {
  // Most withdrawals find no open grant and take no lock for it.
  if ((await openGrants(trx, input.memberId)).length === 0) return null;
  await lockKey(trx, `wallet:${input.memberId}`);
  const grants = await openGrants(trx, input.memberId);
  const ended: PromotionGrantRow[] = [];
  for (const grant of grants)
    if (await endGrant(trx, clock, grant, 'forfeited', null)) ended.push(grant);
  if (ended.length === 0) return null;
  const cash = accounts.memberCash(input.memberId, input.currency);
  const house = accounts.house('promotions', input.currency);
  const forfeit = ended.reduce((sum, g) => sum + g.credited, 0);
  // Thrown before anything is posted: the transaction rolls back the grants' ends too.
  if ((await balanceOf(trx, cash.code)) < forfeit + input.amount)
    throw new PromotionsError('MONEY_NOT_ENOUGH');
  const actor = `member:${input.memberId}`;
  for (const grant of ended)
    await post(trx, clock, {
      event: 'grant_forfeit',
      actor,
      idempotencyKey: `grant-forfeit:${grant.id}`,
      entries: [{ debit: cash, credit: house, amount: grant.credited }],
    });
  return async () => {
    const rest = await balanceOf(trx, cash.code);
    const first = ended[0]!;
    if (rest > 0)
      await post(trx, clock, {
        event: 'grant_forfeit',
        actor,
        idempotencyKey: `grant-forfeit:${first.id}:rest`,
        entries: [{ debit: cash, credit: house, amount: rest }],
      });
    for (const grant of ended)
      await recordFinish(trx, clock, grant, grant.credited + (grant === first ? rest : 0));
  };
}
