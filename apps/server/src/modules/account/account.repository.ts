import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MemberRow, NewMember } from '../../db/schema';

export function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMemberByNo(db: Db, memberNo: string) {
  return db
    .selectFrom('members')
    .select(['id', 'status'])
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when another member (not `exceptId`) holds this bank account number. */
export async function bankAccountTaken(
  db: Db,
  bankAccountNo: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('members').select('id').where('bank_account_no', '=', bankAccountNo);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The next member number: sequential from 10001. Call under the registration lock. */
export async function nextMemberNo(db: Db): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select(sql<number | null>`max(cast(member_no as integer))`.as('max_no'))
    .executeTakeFirst();
  return String(Math.max(Number(row?.max_no ?? 0), 10000) + 1);
}

export async function insertMember(db: Db, member: NewMember): Promise<number> {
  const row = await db
    .insertInto('members')
    .values(member)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMember(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      MemberRow,
      'name' | 'bank_code' | 'bank_account_name' | 'bank_account_no' | 'password_hash' | 'status'
    >
  >,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', id).execute();
}
