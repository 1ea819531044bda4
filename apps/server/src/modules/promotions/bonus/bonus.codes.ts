// Promotion codes (decision 0071 "Promotion codes"): a bonus definition's credit rules under
// a code with its own description, validity window and uses. Uses are rows numbered per
// member and per code, both unique (migration 0014), taken under a lock on the code.
import type { Locale, Promotion } from '@wallet/contract';
import type { MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import type { PromotionCodeRow } from '../../../db/schema';
import { lockKey } from '../../../db/transaction';
import { withHoldings } from '../promotions.own-money';
import type { Clock } from '../../../lib/clock';
import { isoNow } from '../../../lib/clock';
import { pick } from '../../../lib/locale';
import { openBonusGrant } from '../promotions.grants';
import { PromotionsError } from '../promotions.errors';
import type { TurnoverDeps } from '../promotions.own-money';
import { refreshTurnover } from '../promotions.turnover';
import type { BonusRule } from './bonus.rules';
import { localized, ruleOf, termsOf } from './bonus.rules';
import { grantBonus, memberLock } from './bonus.service';
import * as repo from './bonus.repository';

/** A-Z and 0-9, at most 32: what a code may be; compared upper case. */
export const PROMOTION_CODE = /^[A-Z0-9]{1,32}$/;

export const normalCode = (code: string) => code.trim().toUpperCase();

const inWindow = (row: PromotionCodeRow, now: string) =>
  row.valid_from <= now && (row.valid_to === null || now < row.valid_to);

/** The code with its bonus when it can be used now by someone (on, in window, uses left). */
async function usable(
  db: Db,
  clock: Clock,
  rawCode: string,
  memberId: number,
): Promise<{ row: PromotionCodeRow; rule: BonusRule; mine: number; total: number } | null> {
  const code = normalCode(rawCode);
  if (!PROMOTION_CODE.test(code)) return null;
  const row = await repo.findPromotion(db, code);
  if (!row || row.enabled !== 1 || !inWindow(row, isoNow(clock))) return null;
  const bonus = await repo.findBonusById(db, row.bonus_id);
  if (!bonus) return null;
  const uses = await repo.countUses(db, row.id, memberId);
  if (row.max_uses_total !== null && uses.total >= row.max_uses_total) return null;
  return { row, rule: ruleOf(bonus), mine: uses.mine, total: uses.total };
}

function promotionOf(row: PromotionCodeRow, rule: BonusRule, locale: Locale): Promotion {
  return {
    code: row.code,
    percentFail: rule.percentFail,
    description: pick(localized(row.description_json), locale),
    terms: termsOf(rule),
  };
}

/** GET /api/promotion/find/:code: the promotion, or {} when it cannot be used. */
export async function findPromotion(
  deps: Pick<TurnoverDeps, 'db' | 'clock'>,
  memberId: number,
  code: string,
  locale: Locale,
): Promise<Promotion | Record<string, never>> {
  const found = await usable(deps.db, deps.clock, code, memberId);
  return found ? promotionOf(found.row, found.rule, locale) : {};
}

/**
 * GET /api/promotion/activate/:code: NO_PROMOTION (unknown, out of window, used up),
 * PROMOTION_RECEIVED (the member's uses spent), then the bonus activation rules.
 */
export async function activatePromotion(
  deps: TurnoverDeps,
  member: MemberAuth,
  code: string,
): Promise<{ message: 'SUCCESS' }> {
  if (!PROMOTION_CODE.test(normalCode(code))) throw new PromotionsError('NO_PROMOTION');
  await refreshTurnover(deps, member.memberId);
  await withHoldings(deps, member, async (trx, holdings) => {
    await lockKey(trx, memberLock(member.memberId));
    const first = await repo.findPromotion(trx, normalCode(code));
    if (first) await lockKey(trx, `promotion:${first.id}`);
    const found = await usable(trx, deps.clock, code, member.memberId);
    if (!found) throw new PromotionsError('NO_PROMOTION');
    const { row, rule } = found;
    if (found.mine >= row.max_uses_per_member) throw new PromotionsError('PROMOTION_RECEIVED');
    const description = localized(row.description_json);
    const credited = await grantBonus(
      trx,
      deps.clock,
      {
        member,
        rule,
        kind: 'promotion',
        sourceCode: row.code,
        name: description,
        related: { promotion: { description } },
        checkLimit: false,
      },
      holdings,
    );
    await repo.insertUse(trx, {
      promotionId: row.id,
      memberId: member.memberId,
      useNo: found.mine + 1,
      totalNo: found.total + 1,
      grantId: credited.grant.id,
      at: isoNow(deps.clock),
    });
  });
  return { message: 'SUCCESS' };
}

/** GET /api/promotion/current: the promotion of the member's open promotion grant. */
export async function currentPromotion(
  deps: TurnoverDeps,
  memberId: number,
  locale: Locale,
): Promise<Promotion | null> {
  await refreshTurnover(deps, memberId);
  const open = await openBonusGrant(deps.db, memberId);
  if (!open || open.kind !== 'promotion' || !open.source_code) return null;
  const row = await repo.findPromotion(deps.db, open.source_code);
  const bonus = row ? await repo.findBonusById(deps.db, row.bonus_id) : undefined;
  return row && bonus ? promotionOf(row, ruleOf(bonus), locale) : null;
}
