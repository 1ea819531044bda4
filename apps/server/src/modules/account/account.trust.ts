// Whose payout account a slip may be, and how an account becomes trusted (issue 25 section 4,
// docs/decisions/0124-slip-theft-new-accounts-and-trust.md):
// - a registration counts as a payout-account change for the slip review window: a slip from
//   an account registered within BANK_CHANGE_REVIEW_HOURS waits for an operator unless the
//   account was trusted since (NEW_ACCOUNT), as one changed within it does (ACCOUNT_CHANGED,
//   decisions 0044 and 0052);
// - trust is recorded, once per account, by the event that proved it (the first payout the
//   bank paid to it, or an operator's approval of a held slip of it), in the append-only
//   payout_account_trust; it counts only while the member's registered account (bank, number
//   and name) is still the one trusted;
// - the members whose registered account is at a bank and fits a pattern of its number, for
//   the slips module's check that no other member's account matches a slip's sender.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AccountTrustCause, MemberStatus } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HOUR_MS, isoNow, isoPlus } from '../../lib/clock';
import { lastBankChangeAt } from './account.repository';

/** A payout account as a withdrawal row or a member row holds it. */
export interface PayoutAccountRef {
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

/** Why and when the member's current payout account became trusted. */
export interface AccountTrust {
  cause: AccountTrustCause;
  /** The withdrawal or slip reference that proved it. */
  reference: string;
  operatorId: number | null;
  at: string;
}

/** Trust rows that name the member's current registered account (bank, number and name). */
function currentTrust(db: Db) {
  return db
    .selectFrom('payout_account_trust as t')
    .innerJoin('members as m', (join) =>
      join
        .onRef('m.id', '=', 't.member_id')
        .onRef('m.bank_code', '=', 't.bank_code')
        .onRef('m.bank_account_no', '=', 't.bank_account_no')
        .onRef('m.bank_account_name', '=', 't.bank_account_name'),
    )
    .select(['t.member_id', 't.cause', 't.reference', 't.operator_id', 't.created_at']);
}

/**
 * How each member's current payout account became trusted (the first record of it), by
 * member id; members whose current account was never trusted are absent.
 */
export async function trustOfCurrentAccounts(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, AccountTrust>> {
  if (memberIds.length === 0) return new Map();
  const rows = await currentTrust(db)
    .where('t.member_id', 'in', [...new Set(memberIds)])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  // Newest first, so the last one written per member is its first record.
  const trust = new Map<number, AccountTrust>();
  for (const row of rows)
    trust.set(row.member_id, {
      cause: row.cause,
      reference: row.reference,
      operatorId: row.operator_id,
      at: row.created_at,
    });
  return trust;
}

/**
 * Records that the member's payout account became trusted, once per account: only while
 * `account` (by default whatever is registered now) is still the member's registered account,
 * and only when no record names that account yet. One statement; answers whether it wrote a
 * row. Call it in the transaction of the event that proved the account (a paid payout, an
 * approved slip), so the record and the event commit together.
 */
export async function recordAccountTrust(
  db: Db,
  clock: Clock,
  input: {
    memberId: number;
    cause: AccountTrustCause;
    reference: string;
    operatorId?: number;
    account?: PayoutAccountRef;
  },
): Promise<boolean> {
  const now = isoNow(clock);
  let member = db
    .selectFrom('members as m')
    .where('m.id', '=', input.memberId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_account_trust as t')
            .select('t.id')
            .whereRef('t.member_id', '=', 'm.id')
            .whereRef('t.bank_code', '=', 'm.bank_code')
            .whereRef('t.bank_account_no', '=', 'm.bank_account_no')
            .whereRef('t.bank_account_name', '=', 'm.bank_account_name'),
        ),
      ),
    );
  if (input.account)
    member = member
      .where('m.bank_code', '=', input.account.bankCode)
      .where('m.bank_account_no', '=', input.account.bankAccountNo)
      .where('m.bank_account_name', '=', input.account.bankAccountName);
  const result = await db
    .insertInto('payout_account_trust')
    .columns([
      'member_id',
      'bank_code',
      'bank_account_no',
      'bank_account_name',
      'cause',
      'reference',
      'operator_id',
      'created_at',
    ])
    .expression(
      member.select([
        'm.id',
        'm.bank_code',
        'm.bank_account_no',
        'm.bank_account_name',
        // Typed, so PostgreSQL need not guess a parameter's type in a select list.
        sql<AccountTrustCause>`cast(${input.cause} as text)`.as('cause'),
        sql<string>`cast(${input.reference} as text)`.as('reference'),
        sql<number | null>`cast(${input.operatorId ?? null} as integer)`.as('operator_id'),
        sql<string>`cast(${now} as text)`.as('created_at'),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Why a slip that fits the member's account still waits for an operator (decision 0124). */
export type SlipAccountHold = 'ACCOUNT_CHANGED' | 'NEW_ACCOUNT';

/**
 * Whether the history of the member's payout account holds a slip for an operator, with
 * `hours` = BANK_CHANGE_REVIEW_HOURS (0 = never):
 * - ACCOUNT_CHANGED: an operator changed the bank account or the member the account name
 *   within the hours (decisions 0044, 0052); trust does not lift it;
 * - NEW_ACCOUNT: the member registered within the hours (a registration is a change of the
 *   payout account from nothing) and the account has not been trusted since (decision 0124).
 */
export async function slipAccountHold(
  db: Db,
  clock: Clock,
  memberId: number,
  hours: number,
): Promise<SlipAccountHold | undefined> {
  if (hours <= 0) return undefined;
  const since = isoPlus(clock, -hours * HOUR_MS);
  const changedAt = await lastBankChangeAt(db, memberId);
  if (changedAt !== undefined && changedAt > since) return 'ACCOUNT_CHANGED';
  const member = await db
    .selectFrom('members')
    .select('created_at')
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member || member.created_at <= since) return undefined;
  return (await trustOfCurrentAccounts(db, [memberId])).has(memberId) ? undefined : 'NEW_ACCOUNT';
}

/** A member as the holder of a registered payout account. */
export interface AccountHolder {
  id: number;
  memberNo: string;
  name: string;
  status: MemberStatus;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  registeredAt: string;
}

/** More than this many holders of one pattern is no longer a list an operator reads. */
const HOLDERS_LIMIT = 50;

/**
 * Members whose registered account is at `bankCode` and whose number fits `accountNoLike` (a
 * SQL LIKE pattern of digits and `_`, `%`), whatever their status, oldest first; at most 50.
 * The caller checks each more closely (the slip's mask, the name).
 */
export async function accountHoldersLike(
  db: Db,
  bankCode: string,
  accountNoLike: string,
): Promise<AccountHolder[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      'id',
      'member_no',
      'name',
      'status',
      'bank_code',
      'bank_account_no',
      'bank_account_name',
      'created_at',
    ])
    .where('bank_code', '=', bankCode)
    .where('bank_account_no', 'like', accountNoLike)
    .orderBy('id')
    .limit(HOLDERS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    memberNo: r.member_no,
    name: r.name,
    status: r.status,
    bankCode: r.bank_code,
    bankAccountNo: r.bank_account_no,
    bankAccountName: r.bank_account_name,
    registeredAt: r.created_at,
  }));
}
