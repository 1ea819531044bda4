// What the promotions module asks the games module (decisions 0071, 0074): which members have
// played (at least one settled wallet -> game transfer), and each member's game accounts, for
// the providers' bet reports.
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
