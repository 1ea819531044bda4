// What the promotions module asks the games module (decisions 0071, 0074, 0112): which members
// have played (at least one settled wallet -> game transfer), each member's game accounts, for
// the providers' bet reports, and the mark that tells whether a transfer moved in between two
// reads of what a member holds.
import type { Db } from '../../db/database';

/** Of `memberIds`, those with at least one settled (POSTED) wallet -> game transfer. */
export async function membersWhoPlayed(db: Db, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_transfers')
    .select('member_id')
    .distinct()
    .where('member_id', 'in', [...new Set(memberIds)])
    .where('direction', '=', 'in')
    .where('status', '=', 'POSTED')
    .execute();
  return new Set(rows.map((r) => r.member_id));
}

/** The member's game accounts: provider code and the username the provider knows. */
export function memberGameAccounts(
  db: Db,
  memberId: number,
): Promise<{ provider_code: string; username: string }[]> {
  return db
    .selectFrom('game_accounts')
    .select(['provider_code', 'username'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/**
 * The member's transfer mark (decision 0112): the newest transfer's id and how many are still
 * PENDING. Two equal marks with nothing pending mean no money moved between the wallet and a
 * game in between, so game balances read from the providers and the wallet read from the
 * ledger add up to what the member holds.
 */
export interface TransferMark {
  last: number;
  pending: number;
}

export async function transferMark(db: Db, memberId: number): Promise<TransferMark> {
  const row = await db
    .selectFrom('game_transfers')
    .select((eb) => [
      eb.fn.max<number | null>('id').as('last'),
      eb.fn
        .sum<number | string | null>(eb.case().when('status', '=', 'PENDING').then(1).else(0).end())
        .as('pending'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { last: Number(row?.last ?? 0), pending: Number(row?.pending ?? 0) };
}

export const sameMark = (a: TransferMark, b: TransferMark) =>
  a.last === b.last && a.pending === b.pending;
