import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
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

export async function pageOfMember(
  db: Db,
  memberId: number,
  page: { page: number; limit: number },
): Promise<{ total: number; rows: SlipRow[] }> {
  const count = await db
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('slips')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: Number(count.n), rows };
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

export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('slips')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
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
