// Turnover progress (decision 0071 "Turnover conditions"): what each open grant has counted
// so far, read from the game providers' bet reports of each of the member's game accounts
// since the grant started, weighted by game category. A grant whose count reaches its
// requirement ends by itself (status met, nothing forfeited; a bonus or promotion writes its
// finish_bonus row of 0): its promotion money becomes the member's own (decision 0112).
// Read when the member looks and before every deposit, withdrawal, activation and clear.
// Provider calls happen outside any transaction; a provider that does not answer counts
// nothing this time and the grant stays open (decision 0072). Reports are remembered for a
// few seconds by the composition (adapters/cached-bet-reports.ts), so looking again and again
// does not ask every provider each time.
import type { GameCategory, GrantKind, Locale, ProviderCode, Turnover } from '@wallet/contract';
import { satangToBaht, WALLET } from '@wallet/contract';
import type { MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import type { PromotionGrantRow } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import { pick } from '../../lib/locale';
import { findProvider, gameAccounts } from '../games';
import { queuePush } from '../push';
import type { Localized } from '../settings';
import type { Related } from '../statement';
import { recordStatement } from '../statement';
import type { Weights } from './promotions.grants';
import { BONUS_LABEL, DEFAULT_WEIGHTS, openGrants } from './promotions.grants';
import { holdingsNow, splitOf, storedPrincipal, withdrawalTerms } from './promotions.own-money';
import type { TurnoverDeps } from './promotions.own-money';

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
  /** True when the turnover is met (counted >= required): the grant is ended, by this read or one just before. */
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

/** The statement's `related` key of each grant kind (spec section 3: a statement item names it). */
const relatedKey = {
  bonus: 'bonus',
  promotion: 'promotion',
  invite: 'invite',
  refund: 'refund',
  coupon: 'luckydraw',
} as const satisfies Record<GrantKind, keyof Related>;

/**
 * Writes the finish_bonus row of a grant that ended, with what it forfeited (satang) and the
 * grant it ends (its name in every language: the statement shows the reader's).
 */
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
    related: { [relatedKey[grant.kind]]: { description: grantNames(grant) } },
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
  // Promotional (decision 0152): the delivery drops it during a time-out or self-exclusion.
  if (status === 'met')
    await queuePush(trx, clock, {
      memberId: grant.member_id,
      kind: 'bonus_turnover_met',
      tag: `bonus:${grant.id}`,
      params: { name: grantNames(grant) },
    });
  return true;
}

/**
 * Reads every open grant's progress from the providers and ends the grants that are met.
 * Answers the grants that were open when it started, each with `met` when its turnover is met
 * (this read ended it, or another one did just before).
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
    // Met: this read ends it. When endGrant finds it no longer open, another read (the bonus
    // page reads the list, the active check and the turnover at once) or a withdrawal ended
    // it meanwhile: it is not open either, so never answered as open at 100% (issue 26).
    const met = played >= grant.required;
    if (met)
      await withTransaction(deps.db, (trx) =>
        endGrant(trx, deps.clock, grant, 'met', isBonusKind(grant) ? 0 : null),
      );
    progress.push({ grant, played, providers, met });
  }
  return progress;
}

/** The grant's name in every language. */
export function grantNames(grant: Pick<PromotionGrantRow, 'name_json'>): Localized {
  try {
    return JSON.parse(grant.name_json) as Localized;
  } catch {
    return { th: '', la: '', en: '' };
  }
}

export function grantName(grant: Pick<PromotionGrantRow, 'name_json'>, locale: Locale): string {
  return pick(grantNames(grant), locale);
}

/**
 * GET /api/bonus/turnover: every open grant with its progress, and what a withdrawal may do
 * now (decision 0112), in baht at the edge. The holdings are read as well as they can be
 * without a transaction (a game that does not answer counts 0): the withdrawal itself reads
 * them exactly.
 */
export async function turnoverAnswer(
  deps: TurnoverDeps,
  member: Pick<MemberAuth, 'memberId' | 'currency'>,
  locale: Locale,
): Promise<Turnover> {
  const open = (await refreshTurnover(deps, member.memberId)).filter((p) => !p.met);
  const { holdings } = await holdingsNow(deps, member);
  const grants = open.map((p) => p.grant);
  const credited = grants.reduce((sum, g) => sum + g.credited, 0);
  const principal =
    (await storedPrincipal(deps.db, member.memberId)) ?? Math.max(0, holdings.total - credited);
  const split = splitOf(holdings.total, principal);
  const terms =
    grants.length > 0
      ? withdrawalTerms(holdings, principal, grants.some(isBonusKind))
      : { endsGrants: false, takeBack: 0, withdrawable: holdings.wallet };
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
      own: satangToBaht(split.own),
      locked: satangToBaht(split.locked),
      endsOnWithdraw: isBonusKind(grant),
    })),
    forfeitOnWithdraw: satangToBaht(terms.takeBack),
    withdrawable: satangToBaht(terms.withdrawable),
    wallet: satangToBaht(holdings.wallet),
  };
}
