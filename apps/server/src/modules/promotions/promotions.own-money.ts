// Own money and promotion money (docs/decisions/0112-promotions-pay-only-for-play.md).
// While a grant is open, what the member holds (wallet + money in flight to a game + game
// balances) is split in two:
// - own money: the principal, i.e. what they held when the grant opened, plus deposits and
//   operator credits since, minus withdrawals and operator debits since (promotion_own_money);
// - promotion money: the rest, the credit and whatever was won while the grant is open.
// The member's own share is min(held, principal): losses come off the promotion money first,
// wins stay with the promotion until its turnover is met. Promotion money is taken back when a
// grant ends early; own money only by a withdrawal that confirmed the exact figure.
//
// "What the member holds" adds game balances read from the providers (outside a transaction)
// to the wallet read from the ledger (inside one). A transfer between the two reads would be
// counted twice or not at all, so both reads are bracketed by the games module's transfer
// mark: nothing pending, and the same mark before and after, or the work is done again.
import type { AppDeps, MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import { lockKey, withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import type { ProviderCode } from '@wallet/contract';
import type { TransferMark } from '../games';
import { gameAccounts, sameMark, transferMark } from '../games';
import { accounts, balanceOf } from '../ledger';
import { PromotionsError } from './promotions.errors';

/**
 * What reading the member's games and turnover needs. Declared here, not in
 * promotions.turnover.ts, because that file imports this one (no import cycle, decision 0136).
 */
export type TurnoverDeps = Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>;

type Member = Pick<MemberAuth, 'memberId' | 'currency'>;

/** The lock every change of a member's wallet rules takes first (grants, own money). */
export const walletLock = (memberId: number) => `wallet:${memberId}`;

/** Game balances read from the providers, and the transfer mark read before them. */
export interface GameReading {
  mark: TransferMark;
  /** Satang: the sum of the member's game balances. */
  games: number;
}

/** Thrown inside a transaction when a transfer moved since the game balances were read. */
class HoldingsMoved extends Error {}

/**
 * Reads the member's game balances, outside any transaction. A transfer still pending, or a
 * provider that does not answer: GAME_BALANCE_UNAVAILABLE (what they hold cannot be known).
 */
export async function readGames(deps: TurnoverDeps, memberId: number): Promise<GameReading> {
  const mark = await transferMark(deps.db, memberId);
  if (mark.pending > 0) throw new PromotionsError('GAME_BALANCE_UNAVAILABLE');
  const balances = await Promise.all(
    (await gameAccounts(deps.db, memberId)).map(async (account) => {
      try {
        return await deps.gameProvider.balance(
          account.provider_code as ProviderCode,
          account.username,
        );
      } catch (error) {
        throw new PromotionsError('GAME_BALANCE_UNAVAILABLE', { cause: error });
      }
    }),
  );
  return { mark, games: balances.reduce((sum, b) => sum + b, 0) };
}

/** What the member holds, read in a transaction that holds walletLock (satang). */
export interface Holdings {
  wallet: number;
  /** Money on its way between the wallet and a game (nothing, when the mark held). */
  inFlight: number;
  games: number;
  total: number;
}

/**
 * The member's holdings in the caller's transaction (after walletLock): the wallet and money
 * in flight from the ledger, the games from `reading`. Throws HoldingsMoved when a transfer
 * opened or settled since `reading` (checked before and after the ledger reads).
 */
async function holdingsIn(trx: Db, member: Member, reading: GameReading): Promise<Holdings> {
  if (!sameMark(reading.mark, await transferMark(trx, member.memberId))) throw new HoldingsMoved();
  const wallet = await balanceOf(trx, accounts.memberCash(member.memberId, member.currency).code);
  const inFlight = await balanceOf(
    trx,
    accounts.memberHold(member.memberId, 'game', member.currency).code,
  );
  if (!sameMark(reading.mark, await transferMark(trx, member.memberId))) throw new HoldingsMoved();
  return { wallet, inFlight, games: reading.games, total: wallet + inFlight + reading.games };
}

/**
 * Runs `work` in a transaction holding walletLock with the member's holdings read exactly:
 * game balances first (outside), then the wallet (inside). When a game transfer moved in
 * between, the whole is done again, up to three times; then GAME_BALANCE_UNAVAILABLE.
 */
export async function withHoldings<T>(
  deps: TurnoverDeps,
  member: Member,
  work: (trx: Db, holdings: Holdings) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const reading = await readGames(deps, member.memberId);
    try {
      return await withTransaction(deps.db, async (trx) => {
        await lockKey(trx, walletLock(member.memberId));
        return work(trx, await holdingsIn(trx, member, reading));
      });
    } catch (error) {
      if (!(error instanceof HoldingsMoved)) throw error;
    }
  }
  throw new PromotionsError('GAME_BALANCE_UNAVAILABLE');
}

/** The stored principal (satang), or undefined when no grant opened since 0026 (legacy). */
export async function storedPrincipal(db: Db, memberId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('promotion_own_money')
    .select('principal')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.principal);
}

/** Sets the principal when a grant opens (the caller holds walletLock). */
export async function setPrincipal(
  trx: Db,
  clock: Clock,
  memberId: number,
  principal: number,
): Promise<void> {
  const value = Math.max(0, principal);
  const now = isoNow(clock);
  await trx
    .insertInto('promotion_own_money')
    .values({ member_id: memberId, principal: value, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ principal: value, updated_at: now }))
    .execute();
}

/**
 * The principal of a member whose open grants predate it (migration 0026): everything held
 * but what the open grants credited, i.e. as if nothing was played since they opened. Stored,
 * so it is decided once.
 */
export async function principalOf(
  trx: Db,
  clock: Clock,
  memberId: number,
  holdings: Pick<Holdings, 'total'>,
  openCredited: number,
): Promise<number> {
  const stored = await storedPrincipal(trx, memberId);
  if (stored !== undefined) return stored;
  const legacy = Math.max(0, holdings.total - openCredited);
  await setPrincipal(trx, clock, memberId, legacy);
  return legacy;
}

/**
 * Takes the member's wallet lock. Every flow of own money calls it BEFORE its ledger posting,
 * and then ownMoneyMoved after it: grants open under the same lock and read the wallet after
 * taking it, so a grant never opens between a posting and the principal's update.
 */
export const lockWallet = (trx: Db, memberId: number) => lockKey(trx, walletLock(memberId));

/**
 * Own money came in (delta > 0: a deposit, an operator credit, a withdrawal returned) or went
 * out (delta < 0: a withdrawal, an operator debit). Call in the flow's transaction after its
 * posting succeeded (and lockWallet before it). Without an open grant the row is stale and
 * the next grant overwrites it.
 */
export async function ownMoneyMoved(
  trx: Db,
  clock: Clock,
  memberId: number,
  delta: number,
): Promise<void> {
  if (!Number.isSafeInteger(delta) || delta === 0) return;
  await lockWallet(trx, memberId);
  await trx
    .updateTable('promotion_own_money')
    .set({
      principal: sql<number>`case when principal + ${delta} < 0 then 0 else principal + ${delta} end`,
      updated_at: isoNow(clock),
    })
    .where('member_id', '=', memberId)
    .execute();
}

/** The split of what the member holds (satang). */
export interface Split {
  /** min(held, principal): the member's own money. */
  own: number;
  /** held - own: promotion money. */
  locked: number;
}

export const splitOf = (total: number, principal: number): Split => {
  const own = Math.max(0, Math.min(total, principal));
  return { own, locked: Math.max(0, total - own) };
};

/** What a withdrawal may do now (satang), from the member's holdings and principal. */
export interface WithdrawalTerms {
  /** A bonus or promotion is open: the withdrawal ends every grant. */
  endsGrants: boolean;
  /** Promotion money taken back before paying (only when endsGrants). */
  takeBack: number;
  /** The most that can be withdrawn without forfeiting any of the member's own money. */
  withdrawable: number;
}

export function withdrawalTerms(
  holdings: Pick<Holdings, 'wallet' | 'total'>,
  principal: number,
  bonusOpen: boolean,
): WithdrawalTerms {
  const { locked } = splitOf(holdings.total, principal);
  // The wallet never holds more than the total, so min(wallet, own) = min(wallet, principal).
  if (!bonusOpen)
    return { endsGrants: false, takeBack: 0, withdrawable: Math.min(holdings.wallet, principal) };
  // The promotion money must be in the wallet to go back: what is in games comes home first.
  return {
    endsGrants: true,
    takeBack: locked,
    withdrawable: Math.max(0, holdings.wallet - locked),
  };
}

/** Own money a withdrawal of `amount` forfeits under these terms (satang). */
export const remainderAfter = (terms: WithdrawalTerms, wallet: number, amount: number) =>
  terms.endsGrants ? Math.max(0, wallet - terms.takeBack - amount) : 0;

/** Outside a transaction, best effort (the turnover page): holdings with unread games as 0. */
export async function holdingsNow(
  deps: TurnoverDeps,
  member: Member,
): Promise<{ holdings: Holdings; exact: boolean }> {
  let reading: GameReading | null = null;
  try {
    reading = await readGames(deps, member.memberId);
  } catch (error) {
    if (!(error instanceof PromotionsError)) throw error;
  }
  const wallet = await balanceOf(
    deps.db,
    accounts.memberCash(member.memberId, member.currency).code,
  );
  const inFlight = await balanceOf(
    deps.db,
    accounts.memberHold(member.memberId, 'game', member.currency).code,
  );
  const games = reading?.games ?? 0;
  return {
    holdings: { wallet, inFlight, games, total: wallet + inFlight + games },
    exact: reading !== null,
  };
}
