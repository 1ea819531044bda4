// Who a member is, briefly, for operator lists that show rows of other modules (withdrawals,
// provider transfers: decision 0090): number, name and phone by id, and the member a search
// text names exactly (member number or phone).
import type { Db } from '../../db/database';

export interface MemberSummary {
  memberNo: string;
  name: string;
  phone: string;
}

export async function memberSummaries(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, MemberSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'member_no', 'name', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { memberNo: r.member_no, name: r.name, phone: r.username }]),
  );
}

/** The id of the member whose number or phone is exactly `text`; undefined for none. */
export async function memberIdByNoOrPhone(db: Db, text: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where((eb) => eb.or([eb('member_no', '=', text), eb('username', '=', text)]))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}
