// The operator's bonus definitions and promotion codes (decision 0071: every number is an
// operator setting). The contract validates the bodies (turnover 1-10, percents 0-100,
// amounts >= 0 baht); here they become rows in integer satang.
import type { OperatorBonus, OperatorPromotion } from '@wallet/contract';
import { bahtToSatang, satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../../deps';
import type { Db } from '../../../db/database';
import type { BonusDefinitionRow, PromotionCodeRow } from '../../../db/schema';
import { isUniqueViolation } from '../../../db/transaction';
import { isoNow } from '../../../lib/clock';
import { PromotionsError } from '../promotions.errors';
import { localized, ruleOf } from './bonus.rules';
import * as repo from './bonus.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

function bonusRow(input: Omit<OperatorBonus, 'code'>) {
  return {
    name_json: JSON.stringify(input.name),
    description_json: JSON.stringify(input.description),
    banners_json: JSON.stringify(input.banners),
    type: input.type,
    max_received: input.maxReceived,
    percent_fail: input.percentFail,
    credit_kind: input.credit.kind,
    credit_amount: input.credit.kind === 'fixed' ? bahtToSatang(input.credit.amount) : 0,
    credit_percent: input.credit.kind === 'rate' ? input.credit.percent : 0,
    credit_cap: input.credit.kind === 'rate' ? bahtToSatang(input.credit.cap) : 0,
    min_deposit: bahtToSatang(input.minDeposit),
    turnover_multiple: input.turnoverMultiple,
    weights_json: JSON.stringify(input.weights),
    enabled: input.enabled ? 1 : 0,
    sort_order: input.sortOrder,
  };
}

export function bonusView(row: BonusDefinitionRow): OperatorBonus {
  const rule = ruleOf(row);
  return {
    code: rule.code,
    name: rule.name,
    description: rule.description,
    banners: rule.banners,
    type: rule.type,
    maxReceived: rule.maxReceived,
    percentFail: rule.percentFail,
    credit:
      rule.credit.kind === 'fixed'
        ? { kind: 'fixed', amount: satangToBaht(rule.credit.amount) }
        : { kind: 'rate', percent: rule.credit.percent, cap: satangToBaht(rule.credit.cap) },
    minDeposit: satangToBaht(rule.minDeposit),
    turnoverMultiple: rule.turnoverMultiple,
    weights: rule.weights,
    enabled: rule.enabled,
    sortOrder: rule.sortOrder,
  };
}

export async function listBonusDefinitions(deps: Deps): Promise<OperatorBonus[]> {
  return (await repo.listBonuses(deps.db, { enabledOnly: false })).map(bonusView);
}

export async function createBonus(deps: Deps, input: OperatorBonus): Promise<OperatorBonus> {
  const now = isoNow(deps.clock);
  try {
    const row = await repo.insertBonus(deps.db, {
      code: input.code,
      ...bonusRow(input),
      created_at: now,
      updated_at: now,
    });
    return bonusView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'bonus_definitions', 'code'))
      throw new PromotionsError('KEY_INVALID', { cause: error });
    throw error;
  }
}

export async function updateBonus(
  deps: Deps,
  code: string,
  input: Omit<OperatorBonus, 'code'>,
): Promise<OperatorBonus> {
  const row = await repo.updateBonus(deps.db, code.toUpperCase(), {
    ...bonusRow(input),
    updated_at: isoNow(deps.clock),
  });
  if (!row) throw new PromotionsError('NO_DATA');
  return bonusView(row);
}

async function promotionView(db: Db, row: PromotionCodeRow) {
  const bonus = await repo.findBonusById(db, row.bonus_id);
  const uses = await repo.countUses(db, row.id, 0);
  return {
    code: row.code,
    bonusCode: bonus?.code ?? '',
    description: localized(row.description_json),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxUsesPerMember: row.max_uses_per_member,
    maxUsesTotal: row.max_uses_total,
    enabled: row.enabled === 1,
    uses: uses.total,
  };
}

async function promotionRow(db: Db, input: Omit<OperatorPromotion, 'code'>) {
  const bonus = await repo.findBonus(db, input.bonusCode);
  if (!bonus) throw new PromotionsError('NO_DATA');
  const validFrom = new Date(input.validFrom).toISOString();
  const validTo = input.validTo === null ? null : new Date(input.validTo).toISOString();
  if (validTo !== null && validTo <= validFrom) throw new PromotionsError('KEY_INVALID');
  return {
    bonus_id: bonus.id,
    description_json: JSON.stringify(input.description),
    valid_from: validFrom,
    valid_to: validTo,
    max_uses_per_member: input.maxUsesPerMember,
    max_uses_total: input.maxUsesTotal,
    enabled: input.enabled ? 1 : 0,
  };
}

export async function listPromotionCodes(deps: Deps) {
  const rows = await repo.listPromotions(deps.db);
  return Promise.all(rows.map((row) => promotionView(deps.db, row)));
}

export async function createPromotion(deps: Deps, input: OperatorPromotion) {
  const now = isoNow(deps.clock);
  try {
    const row = await repo.insertPromotion(deps.db, {
      code: input.code,
      ...(await promotionRow(deps.db, input)),
      created_at: now,
      updated_at: now,
    });
    return promotionView(deps.db, row);
  } catch (error) {
    if (isUniqueViolation(error, 'promotion_codes', 'code'))
      throw new PromotionsError('KEY_INVALID', { cause: error });
    throw error;
  }
}

export async function updatePromotion(
  deps: Deps,
  code: string,
  input: Omit<OperatorPromotion, 'code'>,
) {
  const row = await repo.updatePromotion(deps.db, code.toUpperCase(), {
    ...(await promotionRow(deps.db, input)),
    updated_at: isoNow(deps.clock),
  });
  if (!row) throw new PromotionsError('NO_DATA');
  return promotionView(deps.db, row);
}

// --- what the console reads besides (issue 13, decision 0092) ------------------------------

/** A bonus definition as the operator sees it, or null (an audit row's `before`). */
export async function findBonusView(deps: Deps, code: string): Promise<OperatorBonus | null> {
  const row = await repo.findBonus(deps.db, code.toUpperCase());
  return row ? bonusView(row) : null;
}

/** A promotion code as the operator sees it, or null (an audit row's `before`). */
export async function findPromotionView(deps: Deps, code: string) {
  const row = await repo.findPromotion(deps.db, code.toUpperCase());
  return row ? promotionView(deps.db, row) : null;
}

/**
 * Every bonus definition and promotion code with how often it was received, by how many
 * members, what it paid (baht) and how many of its grants are open; unused ones count 0.
 */
export async function usage(deps: Deps) {
  const [bonuses, promotions, bonusUse, promotionUse] = await Promise.all([
    repo.listBonuses(deps.db, { enabledOnly: false }),
    repo.listPromotions(deps.db),
    repo.usageBySource(deps.db, 'bonus'),
    repo.usageBySource(deps.db, 'promotion'),
  ]);
  const figures = (codes: string[], used: Awaited<ReturnType<typeof repo.usageBySource>>) =>
    codes.map((code) => {
      const u = used.find((x) => x.code === code);
      return {
        code,
        received: u?.received ?? 0,
        members: u?.members ?? 0,
        paid: satangToBaht(u?.paidSatang ?? 0),
        open: u?.open ?? 0,
      };
    });
  return {
    bonuses: figures(
      bonuses.map((b) => b.code),
      bonusUse,
    ),
    promotions: figures(
      promotions.map((p) => p.code),
      promotionUse,
    ),
  };
}

/** A promotion code's uses, newest first, a page at a time; NO_DATA when it is unknown. */
export async function promotionUses(deps: Deps, code: string, page: number, pageSize: number) {
  const promotion = await repo.findPromotion(deps.db, code.toUpperCase());
  if (!promotion) throw new PromotionsError('NO_DATA');
  const { rows, total } = await repo.usesPage(deps.db, promotion.id, page, pageSize);
  return {
    rows: rows.map((r) => ({
      memberId: r.member_no,
      useNo: r.use_no,
      totalNo: r.total_no,
      credited: satangToBaht(r.credited),
      status: r.status,
      createdAt: r.created_at,
    })),
    total,
    page,
  };
}
