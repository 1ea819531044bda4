import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Currency, MemberStatus } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HOUR_MS, isoPlus } from '../../lib/clock';
import type { Insertable } from 'kysely';
import type {
  MemberAccountNameChangesTable,
  MemberBankChangesTable,
  MemberRow,
  NewMember,
} from '../../db/schema';

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

export async function insertBankChange(
  db: Db,
  row: Insertable<MemberBankChangesTable>,
): Promise<void> {
  await db.insertInto('member_bank_changes').values(row).execute();
}

export async function insertAccountNameChange(
  db: Db,
  row: Insertable<MemberAccountNameChangesTable>,
): Promise<void> {
  await db.insertInto('member_account_name_changes').values(row).execute();
}

/**
 * When the member's payout account last changed, or undefined if never: an operator's bank
 * change (decision 0019) or the member's own change of the account name (decision 0052).
 */
export async function lastBankChangeAt(db: Db, memberId: number): Promise<string | undefined> {
  const latest = async (table: 'member_bank_changes' | 'member_account_name_changes') =>
    (
      await db
        .selectFrom(table)
        .select('created_at')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.created_at;
  const [bank, name] = [
    await latest('member_bank_changes'),
    await latest('member_account_name_changes'),
  ];
  if (bank === undefined) return name;
  if (name === undefined) return bank;
  return bank > name ? bank : name;
}

/**
 * Whether the member's payout account (bank, number or name) changed within the last `hours`
 * (BANK_CHANGE_REVIEW_HOURS): withdrawals then wait for an operator (decisions 0019, 0052)
 * and slips are held for review (decision 0044), so a fresh rename cannot pass a name check.
 */
export async function payoutAccountChangedWithin(
  db: Db,
  clock: Clock,
  memberId: number,
  hours: number,
): Promise<boolean> {
  if (hours <= 0) return false;
  const changedAt = await lastBankChangeAt(db, memberId);
  return changedAt !== undefined && changedAt > isoPlus(clock, -hours * HOUR_MS);
}

/** What money modules need of a member: status, currency and the payout account. */
export interface MemberForMoney {
  id: number;
  memberNo: string;
  status: MemberStatus;
  currency: Currency;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

export async function findMemberForMoney(
  db: Db,
  key: { id: number } | { memberNo: string },
): Promise<MemberForMoney | undefined> {
  let query = db
    .selectFrom('members')
    .select([
      'id',
      'member_no',
      'status',
      'currency',
      'bank_code',
      'bank_account_no',
      'bank_account_name',
    ]);
  query =
    'id' in key ? query.where('id', '=', key.id) : query.where('member_no', '=', key.memberNo);
  const row = await query.executeTakeFirst();
  return row
    ? {
        id: row.id,
        memberNo: row.member_no,
        status: row.status,
        currency: row.currency,
        bankCode: row.bank_code,
        bankAccountNo: row.bank_account_no,
        bankAccountName: row.bank_account_name,
      }
    : undefined;
}

/** Member numbers by internal id (for lists other modules show to the operator). */
export async function memberNumbers(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'member_no'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.member_no]));
}
