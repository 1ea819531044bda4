// Ending a grant early (decision 0071 "Ending early (clear)", decisions 0072, 0112): allowed
// while wallet + game balances, read fresh from the providers, are below percentFail% of the
// active grant's base. Every game balance comes back through the games module's normal
// game -> wallet transfer; one that does not settle at once answers TRANSFER_FAIL and the
// grant stays. Then, with the holdings read exactly under the wallet lock, the promotion
// money (what is held above the member's own money) goes back to the house
// (`grant-forfeit:{grantId}`), the member keeps their own, and every open grant ends
// (status cleared).
import { randomUUID } from 'node:crypto';
import type { ProviderCode } from '@wallet/contract';
import { satangToBaht, WALLET } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../deps';
import type { PromotionGrantRow } from '../../db/schema';
import { gameAccounts, transferGame } from '../games';
import { accounts, balanceOf, post } from '../ledger';
import { openGrants } from './promotions.grants';
import { principalOf, splitOf, withHoldings } from './promotions.own-money';
import { PromotionsError } from './promotions.errors';
import type { GrantProgress } from './promotions.turnover';
import { clearBelowOf, endGrant, isBonusKind, refreshTurnover } from './promotions.turnover';

export type ClearDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'gameProvider'>;

/** The grant check/active reports and clear ends first: the bonus kinds, else the oldest. */
export function activeGrant<T extends Pick<PromotionGrantRow, 'kind'>>(grants: T[]): T | undefined {
  return grants.find(isBonusKind) ?? grants[0];
}

const stillOpen = (progress: GrantProgress[]) => progress.filter((p) => !p.met).map((p) => p.grant);

/** GET /api/bonus/check/active: the open grant's kind, the bonus kinds first. */
export async function checkActive(
  deps: ClearDeps,
  memberId: number,
): Promise<{ status: boolean; type: string | null }> {
  const grant = activeGrant(stillOpen(await refreshTurnover(deps, memberId)));
  return grant ? { status: true, type: grant.kind } : { status: false, type: null };
}

interface Standing {
  grants: PromotionGrantRow[];
  active: PromotionGrantRow;
  /** Satang in the wallet and in each game account, read now. */
  wallet: number;
  games: { code: ProviderCode; username: string; balance: number }[];
}

/** The open grants and fresh balances; null with no open grant. Throws when a game is unread. */
async function standing(deps: ClearDeps, member: MemberAuth): Promise<Standing | null> {
  const grants = stillOpen(await refreshTurnover(deps, member.memberId));
  const active = activeGrant(grants);
  if (!active) return null;
  const games = await Promise.all(
    (await gameAccounts(deps.db, member.memberId)).map(async (account) => {
      const code = account.provider_code as ProviderCode;
      try {
        const balance = await deps.gameProvider.balance(code, account.username);
        return { code, username: account.username, balance };
      } catch (error) {
        throw new PromotionsError('TRANSFER_FAIL', { cause: error });
      }
    }),
  );
  const wallet = await balanceOf(
    deps.db,
    accounts.memberCash(member.memberId, member.currency).code,
  );
  return { grants, active, wallet, games };
}

const allowed = (s: Standing) =>
  s.wallet + s.games.reduce((sum, g) => sum + g.balance, 0) < clearBelowOf(s.active);

/** GET /api/bonus/check/minimum: whether clear is allowed now. */
export async function checkMinimum(
  deps: ClearDeps,
  member: MemberAuth,
): Promise<{ status: boolean }> {
  try {
    const s = await standing(deps, member);
    return { status: s !== null && allowed(s) };
  } catch (error) {
    if (error instanceof PromotionsError) return { status: false };
    throw error;
  }
}

/** GET /api/bonus/clear: NO_DATA with no open grant, BONUS_CONDITION above the threshold. */
export async function clear(
  deps: ClearDeps,
  member: MemberAuth,
): Promise<{ message: 'BONUS_CLEAR' }> {
  const s = await standing(deps, member);
  if (!s) throw new PromotionsError('NO_DATA');
  if (!allowed(s)) throw new PromotionsError('BONUS_CONDITION');
  const key = randomUUID();
  for (const game of s.games) {
    // Below the transfer minimum (1 baht) a balance cannot move; it is under the threshold.
    if (game.balance < 100) continue;
    let status: string;
    try {
      ({ status } = await transferGame(
        deps,
        member,
        { from: game.code, to: WALLET, amount: satangToBaht(game.balance) },
        `clear:${s.active.id}:${key}:${game.code}`,
      ));
    } catch (error) {
      throw new PromotionsError('TRANSFER_FAIL', { cause: error });
    }
    if (status !== 'SUCCESS') throw new PromotionsError('TRANSFER_FAIL');
  }
  await withHoldings(deps, member, async (trx, holdings) => {
    const grants = await openGrants(trx, member.memberId);
    if (!grants.some((g) => g.id === s.active.id)) throw new PromotionsError('NO_DATA');
    // Played up meanwhile (a game balance won after it was read): no longer below.
    if (holdings.total >= clearBelowOf(s.active)) throw new PromotionsError('BONUS_CONDITION');
    const credited = grants.reduce((sum, g) => sum + g.credited, 0);
    const principal = await principalOf(trx, deps.clock, member.memberId, holdings, credited);
    // What is left in games is below the transfer minimum: only the wallet can pay it back.
    const forfeit = Math.min(splitOf(holdings.total, principal).locked, holdings.wallet);
    if (!(await endGrant(trx, deps.clock, s.active, 'cleared', forfeit)))
      throw new PromotionsError('NO_DATA');
    if (forfeit > 0)
      await post(trx, deps.clock, {
        event: 'grant_forfeit',
        actor: `member:${member.memberId}`,
        idempotencyKey: `grant-forfeit:${s.active.id}`,
        entries: [
          {
            debit: accounts.memberCash(member.memberId, member.currency),
            credit: accounts.house('promotions', member.currency),
            amount: forfeit,
          },
        ],
      });
    for (const grant of grants)
      if (grant.id !== s.active.id)
        await endGrant(trx, deps.clock, grant, 'cleared', isBonusKind(grant) ? 0 : null);
  });
  return { message: 'BONUS_CLEAR' };
}
