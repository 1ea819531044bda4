// Bonuses (decision 0071 "Bonuses"): the member's list, and activation, whose rules a
// promotion code shares (bonus.codes.ts): one open bonus or promotion grant per member, the
// receive limit, the qualifying deposit, then the credit through creditGrant. The member's
// activations are serialised by a lock on the member, and the unique indexes of
// promotion_grants hold the "at most" rules should anything slip past it.
import type { BonusItem, Locale } from '@wallet/contract';
import { receiveLimitReached } from '@wallet/contract';
import type { MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import { isUniqueViolation, lockKey } from '../../../db/transaction';
import { isoPlus, MINUTE_MS } from '../../../lib/clock';
import { pick } from '../../../lib/locale';
import type { Clock } from '../../../lib/clock';
import { getSetting } from '../../settings';
import type { Localized } from '../../settings';
import type { Related } from '../../statement';
import type { CreditedGrant } from '../promotions.grants';
import { creditGrant, openBonusGrant, openGrant } from '../promotions.grants';
import type { Holdings } from '../promotions.own-money';
import { withHoldings } from '../promotions.own-money';
import { PromotionsError } from '../promotions.errors';
import type { TurnoverDeps } from '../promotions.own-money';
import { refreshTurnover } from '../promotions.turnover';
import type { BonusRule } from './bonus.rules';
import { bannersIn, creditFor, needsDeposit, ruleOf, termsOf } from './bonus.rules';
import * as repo from './bonus.repository';

/** What a bonus code may be (the operator API's rule); compared upper case. */
const BONUS_CODE = /^[A-Z0-9_-]{1,32}$/;

/** Bonus activations of one member run one at a time (with promotion codes). */
export const memberLock = (memberId: number) => `bonus:${memberId}`;

export interface GrantRequest {
  member: Pick<MemberAuth, 'memberId' | 'currency'>;
  rule: BonusRule;
  kind: 'bonus' | 'promotion';
  /** The bonus code or the promotion code. */
  sourceCode: string;
  name: Localized;
  related: Related;
  /** Check the bonus's own receive limit (bonus activations; a code has its own uses). */
  checkLimit: boolean;
}

/**
 * The bonus activation rules and the credit, in a transaction of withHoldings (which holds
 * the wallet lock) that also holds memberLock: BONUS_ALREADY_ACTIVE (any grant open: one at a
 * time, decision 0112), BONUS_MAX_CLAIMED, BONUS_CONDITION, in that order.
 */
export async function grantBonus(
  trx: Db,
  clock: Clock,
  request: GrantRequest,
  holdings: Holdings,
): Promise<CreditedGrant> {
  const { member, rule } = request;
  if (await openGrant(trx, member.memberId)) throw new PromotionsError('BONUS_ALREADY_ACTIVE');
  if (request.checkLimit) {
    const received = await repo.receivedAt(trx, member.memberId, 'bonus', rule.code);
    if (receiveLimitReached(rule, received, clock.now()))
      throw new PromotionsError('BONUS_MAX_CLAIMED');
  }
  let deposit: { reference: string; amount: number } | null = null;
  if (needsDeposit(rule)) {
    const { depositWindowMinutes } = await getSetting(trx, 'bonus');
    const latest = await repo.latestDeposit(
      trx,
      member.memberId,
      isoPlus(clock, -depositWindowMinutes * MINUTE_MS),
    );
    // Decision 0112: the deposit must still be there, unplayed and not withdrawn since.
    if (
      !latest ||
      latest.amount < rule.minDeposit ||
      holdings.wallet < latest.amount ||
      (await repo.depositUsed(trx, latest.reference)) ||
      (await repo.playedSince(trx, member.memberId, latest.creditedAt)) ||
      (await repo.withdrewSince(trx, member.memberId, latest.creditedAt))
    )
      throw new PromotionsError('BONUS_CONDITION');
    deposit = latest;
  }
  const credited = creditFor(rule, deposit?.amount ?? 0);
  if (credited <= 0) throw new PromotionsError('BONUS_CONDITION');
  try {
    return await creditGrant(trx, clock, {
      memberId: member.memberId,
      currency: member.currency,
      kind: request.kind,
      sourceCode: request.sourceCode,
      name: request.name,
      credited,
      principal: holdings.total,
      base: (deposit?.amount ?? 0) + credited,
      turnoverMultiple: rule.turnoverMultiple,
      weights: rule.weights,
      percentFail: rule.percentFail,
      depositRef: deposit?.reference ?? null,
      ledgerKey: (grantId) => `bonus-grant:${grantId}`,
      actor: `member:${member.memberId}`,
      related: request.related,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'promotion_grants', 'member_id'))
      throw new PromotionsError('BONUS_ALREADY_ACTIVE', { cause: error });
    if (isUniqueViolation(error, 'promotion_grants', 'deposit_ref'))
      throw new PromotionsError('BONUS_CONDITION', { cause: error });
    throw error;
  }
}

/** The bonus as a list item, with the member's grants of it. */
async function itemOf(
  db: Db,
  memberId: number,
  rule: BonusRule,
  activeCode: string | null,
  locale: Locale,
): Promise<BonusItem> {
  const received = await repo.receivedAt(db, memberId, 'bonus', rule.code);
  const isActive = activeCode === rule.code;
  return {
    code: rule.code,
    type: rule.type,
    maxReceived: rule.maxReceived,
    percentFail: rule.percentFail,
    banners: bannersIn(rule, locale),
    userBonus:
      received.length > 0 || isActive
        ? {
            _id: `${memberId}:${rule.code}`,
            isActive,
            received: received.map((updatedAt) => ({ updatedAt })),
          }
        : null,
    name: pick(rule.name, locale),
    terms: termsOf(rule),
  };
}

/** GET /api/bonus: the bonuses that are on, in the operator's order. */
export async function listBonuses(
  deps: TurnoverDeps,
  memberId: number,
  locale: Locale,
): Promise<BonusItem[]> {
  await refreshTurnover(deps, memberId);
  const open = await openBonusGrant(deps.db, memberId);
  const activeCode = open?.kind === 'bonus' ? open.source_code : null;
  const rules = (await repo.listBonuses(deps.db, { enabledOnly: true })).map(ruleOf);
  const items: BonusItem[] = [];
  for (const rule of rules) items.push(await itemOf(deps.db, memberId, rule, activeCode, locale));
  return items;
}

/** GET /api/bonus/activate/:code: NO_DATA for an unknown or switched-off code. */
export async function activateBonus(
  deps: TurnoverDeps,
  member: MemberAuth,
  code: string,
  locale: Locale,
): Promise<BonusItem['userBonus'] & object> {
  const wanted = code.toUpperCase();
  // Anything else never names a bonus (and a NUL byte must not reach PostgreSQL).
  if (!BONUS_CODE.test(wanted)) throw new PromotionsError('NO_DATA');
  await refreshTurnover(deps, member.memberId);
  const row = await repo.findBonus(deps.db, wanted);
  if (!row || row.enabled !== 1) throw new PromotionsError('NO_DATA');
  const rule = ruleOf(row);
  await withHoldings(deps, member, async (trx, holdings) => {
    await lockKey(trx, memberLock(member.memberId));
    return grantBonus(
      trx,
      deps.clock,
      {
        member,
        rule,
        kind: 'bonus',
        sourceCode: rule.code,
        name: rule.name,
        related: { bonus: { description: rule.name } },
        checkLimit: true,
      },
      holdings,
    );
  });
  const item = await itemOf(deps.db, member.memberId, rule, rule.code, locale);
  return item.userBonus!;
}
