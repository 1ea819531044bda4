// Turnover progress (decision 0071 "Turnover conditions"): what each open grant has counted
// so far, read from the game providers' bet reports of each of the member's game accounts
// since the grant started, weighted by game category. A grant whose count reaches its
// requirement ends by itself (status met, nothing forfeited; a bonus or promotion writes its
// finish_bonus row of 0). Read when the member looks and before every deposit, withdrawal,
// activation and clear. Provider calls happen outside any transaction; a provider that does
// not answer counts nothing this time and the grant stays open (decision 0072).
import type { GameCategory, Locale, ProviderCode, Turnover } from '@wallet/contract';
import { satangToBaht, WALLET } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import type { PromotionGrantRow } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import { pick } from '../../lib/locale';
import { findProvider, gameAccounts } from '../games';
import type { Localized } from '../settings';
import { recordStatement } from '../statement';
import type { Weights } from './promotions.grants';
import { BONUS_LABEL, DEFAULT_WEIGHTS, openGrants } from './promotions.grants';

export type TurnoverDeps = Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>;

export interface ProviderProgress {
  code: string;
  name: string;
  category: GameCategory;
  /** Percent of a bet that counts. */
  weight: number;
  /** Satang counted (weighted), or null when the provider did not answer. */
  played: number | null;
}

export interface GrantProgress {
  grant: PromotionGrantRow;
  /** Satang counted from the providers that answered. */
  played: number;
  providers: ProviderProgress[];
  /** True when this read ended the grant (counted >= required). */
  met: boolean;
}

/** The statement reference of the row that ends a grant (channel `promotion`). */
export const finishReference = (grantId: number) => `BN${grantId}-END`;

export const isBonusKind = (grant: Pick<PromotionGrantRow, 'kind'>) =>
  grant.kind === 'bonus' || grant.kind === 'promotion';

export function weightsOf(grant: Pick<PromotionGrantRow, 'weights_json'>): Weights {
  try {
    return { ...DEFAULT_WEIGHTS, ...(JSON.parse(grant.weights_json) as Partial<Weights>) };
  } catch {
    return DEFAULT_WEIGHTS;
  }
}

/** Satang of `clearBelow`: wallet + games under it allow ending the grant early. */
export const clearBelowOf = (grant: Pick<PromotionGrantRow, 'base' | 'percent_fail'>) =>
  Math.floor((grant.base * grant.percent_fail) / 100);

/** Writes the finish_bonus row of a grant that ended, with what it forfeited (satang). */
export async function recordFinish(
  trx: Db,
  clock: Clock,
  grant: PromotionGrantRow,
  forfeited: number,
): Promise<void> {
  await recordStatement(trx, clock, {
    memberId: grant.member_id,
    reference: finishReference(grant.id),
    type: 'finish_bonus',
    status: 'SUCCESS',
    from: WALLET,
    to: BONUS_LABEL,
    amount: forfeited,
  });
}

/**
 * Ends a grant in the caller's transaction if it is still open (compare-and-set on status
 * 'open'): status and ended_at. `finish`: the finish_bonus row's amount, written at once
 * (null: the caller writes it later, or none). Returns false when someone else ended it.
 */
export async function endGrant(
  trx: Db,
  clock: Clock,
  grant: PromotionGrantRow,
  status: 'met' | 'cleared' | 'forfeited',
  finish: number | null,
): Promise<boolean> {
  const now = isoNow(clock);
  const result = await trx
    .updateTable('promotion_grants')
    .set({ status, ended_at: now, updated_at: now })
    .where('id', '=', grant.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (finish !== null) await recordFinish(trx, clock, grant, finish);
  return true;
}

/**
 * Reads every open grant's progress from the providers and ends the grants that are met.
 * Answers the grants that were open when it started, each with `met` when this read ended it.
 */
export async function refreshTurnover(
  deps: TurnoverDeps,
  memberId: number,
): Promise<GrantProgress[]> {
  const grants = await openGrants(deps.db, memberId);
  if (grants.length === 0) return [];
  const accounts = await gameAccounts(deps.db, memberId);
  const progress: GrantProgress[] = [];
  for (const grant of grants) {
    const weights = weightsOf(grant);
    const providers = await Promise.all(
      accounts.map(async (account): Promise<ProviderProgress> => {
        const entry = findProvider(account.provider_code);
        const category = entry?.category ?? 'slot';
        const weight = weights[category] ?? 0;
        let played: number | null;
        try {
          const report = await deps.gameProvider.betReport(
            account.provider_code as ProviderCode,
            account.username,
            grant.started_at,
          );
          played = Math.floor((report.bets * weight) / 100);
        } catch {
          played = null;
        }
        return {
          code: account.provider_code,
          name: entry?.name ?? account.provider_code,
          category,
          weight,
          played,
        };
      }),
    );
    const played = providers.reduce((sum, p) => sum + (p.played ?? 0), 0);
    let met = false;
    if (played >= grant.required)
      met = await withTransaction(deps.db, (trx) =>
        endGrant(trx, deps.clock, grant, 'met', isBonusKind(grant) ? 0 : null),
      );
    progress.push({ grant, played, providers, met });
  }
  return progress;
}

export function grantName(grant: Pick<PromotionGrantRow, 'name_json'>, locale: Locale): string {
  try {
    return pick(JSON.parse(grant.name_json) as Localized, locale);
  } catch {
    return '';
  }
}

/** GET /api/bonus/turnover: every open grant with its progress (baht at the edge). */
export async function turnoverAnswer(
  deps: TurnoverDeps,
  memberId: number,
  locale: Locale,
): Promise<Turnover> {
  const open = (await refreshTurnover(deps, memberId)).filter((p) => !p.met);
  return {
    grants: open.map(({ grant, played, providers }) => ({
      _id: String(grant.id),
      kind: grant.kind,
      name: grantName(grant, locale),
      credited: satangToBaht(grant.credited),
      base: satangToBaht(grant.base),
      required: satangToBaht(grant.required),
      played: satangToBaht(played),
      percent: Math.min(100, Math.floor((played * 100) / grant.required)),
      providers: providers.map((p) => ({
        code: p.code,
        name: p.name,
        category: p.category,
        weight: p.weight,
        played: satangToBaht(p.played ?? 0),
      })),
      percentFail: grant.percent_fail,
      clearBelow: satangToBaht(clearBelowOf(grant)),
      startedAt: grant.started_at,
    })),
    forfeitOnWithdraw: satangToBaht(open.reduce((sum, p) => sum + p.grant.credited, 0)),
  };
}
