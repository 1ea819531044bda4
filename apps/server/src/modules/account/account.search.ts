// The operator's member search and profile (issue 13, decision 0088), on the account module's
// own tables (issue 27: modules own their tables; the backoffice shapes the answers). Banks
// and sources are shared reference tables, joined here for their names.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';

/** `%`, `_` and `\` taken literally in a LIKE pattern (with `escape '\'`). */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${likeEscape(text)}%`;

/** The id of the member with this member number; undefined for none. */
export async function memberIdByNo(db: Db, memberNo: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Newest first. `q` matches a member whose member number is `q` (exactly; that member comes
 * first), whose phone (username) or name (any case) contains it, or whose bank account
 * number contains its digits (dashes and spaces ignored on both sides; only when `q` has 4
 * digits or more, so a short number does not list half the members by account).
 */
export async function searchMemberRows(
  db: Db,
  query: { page: number; pageSize: number; q?: string | undefined },
) {
  const q = query.q?.trim() ?? '';
  const digits = q.replace(/\D/g, '');
  let base = db.selectFrom('members');
  if (q) {
    const pattern = contains(q);
    const lowered = contains(q.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(sql`members.username`, 'like', sql`${pattern} escape '\\'`),
        eb('members.member_no', '=', q),
        eb(sql`lower(members.name)`, 'like', sql`${lowered} escape '\\'`),
        ...(digits.length >= 4
          ? [
              eb(
                sql`replace(replace(members.bank_account_no, '-', ''), ' ', '')`,
                'like',
                sql`${contains(digits)} escape '\\'`,
              ),
            ]
          : []),
      ]),
    );
  }
  return pageOf(
    base,
    (list) =>
      list
        .select([
          'members.id',
          'members.member_no',
          'members.username',
          'members.name',
          'members.bank_code',
          'members.bank_account_no',
          'members.status',
          'members.created_at',
        ])
        .orderBy(sql`case when members.member_no = ${q} then 0 else 1 end`)
        .orderBy('members.created_at', 'desc')
        .orderBy('members.id', 'desc'),
    query,
  );
}

/** The member page's profile: the member row with its bank, source and inviter named. */
export async function operatorProfileRow(db: Db, memberNo: string) {
  return db
    .selectFrom('members')
    .leftJoin('banks', 'banks.code', 'members.bank_code')
    .leftJoin('sources', 'sources.code', 'members.source_code')
    .leftJoin('members as inviter', 'inviter.id', 'members.invited_by')
    .select([
      'members.id',
      'members.member_no',
      'members.username',
      'members.name',
      'members.status',
      'members.created_at',
      'members.currency',
      'members.coin',
      'members.bank_code',
      'members.bank_account_name',
      'members.bank_account_no',
      'members.source_code',
      'banks.name_th',
      'banks.name_la',
      'banks.name_en',
      'sources.description_th',
      'sources.description_en',
      'inviter.member_no as inviter_no',
      'inviter.name as inviter_name',
    ])
    .where('members.member_no', '=', memberNo)
    .executeTakeFirst();
}
