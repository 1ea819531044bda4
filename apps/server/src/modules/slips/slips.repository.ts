import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';
import type { SlipRow, SlipsTable } from '../../db/schema';

export function insertSlip(db: Db, row: Insertable<SlipsTable>): Promise<SlipRow> {
  return db.insertInto('slips').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findById(db: Db, id: number): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByRef(db: Db, ref: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function findByIdempotencyKey(db: Db, key: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Which of `keys` a slip names. */
export async function fileKeysNamed(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('slips')
    .select('file_key')
    .where('file_key', 'in', [...keys])
    .execute();
  return rows.map((r) => r.file_key);
}

/** The slip that was credited for a bank transfer, if any. */
export function findCredited(db: Db, creditRef: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('credit_ref', '=', creditRef).executeTakeFirst();
}

/** Changes a slip that is still processing; undefined when it was settled meanwhile. */
export function updateProcessing(
  db: Db,
  id: number,
  changes: Updateable<SlipsTable>,
): Promise<SlipRow | undefined> {
  return db
    .updateTable('slips')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** Records a verification attempt without a usable answer, and when to look again. */
export function noteUnavailable(
  db: Db,
  id: number,
  changes: { lastError: string; nextAttemptAt: string; updatedAt: string },
): Promise<SlipRow | undefined> {
  return db
    .updateTable('slips')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: changes.lastError.slice(0, 200),
      next_attempt_at: changes.nextAttemptAt,
      updated_at: changes.updatedAt,
    }))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

export function pageOfMember(
  db: Db,
  memberId: number,
  window: PageWindow,
): Promise<{ total: number; rows: SlipRow[] }> {
  return pageOf(
    db.selectFrom('slips').where('member_id', '=', memberId),
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    window,
  );
}

/** The member's newest slip with this bank reference (or our own slip reference). */
export function findOfMemberByReference(
  db: Db,
  memberId: number,
  reference: string,
): Promise<SlipRow | undefined> {
  return db
    .selectFrom('slips')
    .selectAll()
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('trans_ref', '=', reference), eb('ref', '=', reference)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Slips the member uploaded (stored) since `sinceIso`. */
export async function countOfMemberSince(db: Db, memberId: number, sinceIso: string) {
  const row = await db
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Failed slips settled before `beforeIso` whose image is still kept, oldest first. */
export function failedWithFileBefore(
  db: Db,
  beforeIso: string,
  limit: number,
): Promise<{ id: number; file_key: string }[]> {
  return db
    .selectFrom('slips')
    .leftJoin('slip_file_purges', 'slip_file_purges.slip_id', 'slips.id')
    .select(['slips.id', 'slips.file_key'])
    .where('slips.status', '=', 'failed')
    .where('slips.settled_at', '<', beforeIso)
    .where('slip_file_purges.slip_id', 'is', null)
    .orderBy('slips.settled_at')
    .limit(limit)
    .execute();
}

export async function notePurged(db: Db, slipId: number, purgedAt: string): Promise<void> {
  await db
    .insertInto('slip_file_purges')
    .values({ slip_id: slipId, purged_at: purgedAt })
    .execute();
}

// --- the operator's view (decision 0091) --------------------------------------------------

/** A slip held for an operator (decision 0044): processing, out of the retry job's reach. */
export const REVIEW_PREFIX = 'REVIEW:';

export type OperatorSlipState = 'review' | 'processing' | 'success' | 'failed';

export interface OperatorSlipFilter {
  state?: OperatorSlipState;
  /** Member number or phone. */
  member?: string;
  /** ISO instants: created at >= fromAt and < toAt. */
  fromAt?: string;
  toAt?: string;
}

export type OperatorSlipRecord = SlipRow & {
  member_no: string;
  member_name: string;
  member_bank_code: string;
  member_bank_account_no: string;
  member_bank_account_name: string;
  member_registered_at: string;
  decided_by_username: string | null;
};

function operatorQuery(db: Db, filter: OperatorSlipFilter) {
  let query = db.selectFrom('slips').innerJoin('members', 'members.id', 'slips.member_id');
  if (filter.state === 'review' || filter.state === 'processing') {
    query = query.where('slips.status', '=', 'processing');
    query =
      filter.state === 'review'
        ? query
            .where('slips.next_attempt_at', 'is', null)
            .where('slips.last_error', 'like', `${REVIEW_PREFIX}%`)
        : query.where((eb) =>
            eb.or([
              eb('slips.next_attempt_at', 'is not', null),
              eb('slips.last_error', 'is', null),
              eb('slips.last_error', 'not like', `${REVIEW_PREFIX}%`),
            ]),
          );
  } else if (filter.state) query = query.where('slips.status', '=', filter.state);
  if (filter.member) {
    const member = filter.member;
    query = query.where((eb) =>
      eb.or([eb('members.member_no', '=', member), eb('members.username', '=', member)]),
    );
  }
  if (filter.fromAt) query = query.where('slips.created_at', '>=', filter.fromAt);
  if (filter.toAt) query = query.where('slips.created_at', '<', filter.toAt);
  return query;
}

function withOperatorColumns(query: ReturnType<typeof operatorQuery>) {
  return query
    .leftJoin('operators', 'operators.id', 'slips.decided_by')
    .selectAll('slips')
    .select([
      'members.member_no as member_no',
      'members.name as member_name',
      'members.bank_code as member_bank_code',
      'members.bank_account_no as member_bank_account_no',
      'members.bank_account_name as member_bank_account_name',
      'members.created_at as member_registered_at',
      'operators.username as decided_by_username',
    ]);
}

/**
 * A page of slips for the console: the review queue oldest first (who waited longest comes
 * first), every other state newest first.
 */
export function pageForOperator(
  db: Db,
  filter: OperatorSlipFilter,
  page: { page: number; pageSize: number },
): Promise<{ total: number; rows: OperatorSlipRecord[] }> {
  const base = operatorQuery(db, filter);
  const order = filter.state === 'review' ? 'asc' : 'desc';
  return pageOf(
    base,
    (q) => withOperatorColumns(q).orderBy('slips.created_at', order).orderBy('slips.id', order),
    page,
  );
}

export function findForOperator(db: Db, ref: string): Promise<OperatorSlipRecord | undefined> {
  return withOperatorColumns(operatorQuery(db, {})).where('slips.ref', '=', ref).executeTakeFirst();
}

/** Whether the image of a failed slip was removed after its retention (decision 0045). */
export async function purgedIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('slip_file_purges')
    .select('slip_id')
    .where('slip_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.slip_id)));
}

/** The slips of one bank transfer (the mini-QR's bank and reference) by these members. */
export function slipsOfTransfer(
  db: Db,
  transfer: { sendingBank: string; transRef: string },
  memberIds: readonly number[],
): Promise<SlipRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('slips')
    .selectAll()
    .where('sending_bank', '=', transfer.sendingBank)
    .where('trans_ref', '=', transfer.transRef)
    .where('member_id', 'in', [...new Set(memberIds)])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
