import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { WithdrawalRow, WithdrawalStatus, WithdrawalsTable } from '../../db/schema';

export async function insertWithdrawal(
  db: Db,
  row: Insertable<WithdrawalsTable>,
): Promise<WithdrawalRow> {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findByRef(db: Db, ref: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function findByIdempotencyKey(db: Db, key: string): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function updateWithdrawal(
  db: Db,
  id: number,
  changes: Updateable<WithdrawalsTable>,
): Promise<WithdrawalRow> {
  return db
    .updateTable('withdrawals')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listByStatus(
  db: Db,
  status: WithdrawalStatus,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a payout attempt whose outcome is unknown, and when to look again. */
export async function noteUnknown(
  db: Db,
  ref: string,
  changes: { lastError: string; nextAttemptAt: string; updatedAt: string },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: changes.lastError.slice(0, 200),
      next_attempt_at: changes.nextAttemptAt,
      updated_at: changes.updatedAt,
    }))
    .where('ref', '=', ref)
    .where('status', '=', 'PROCESSING')
    .returningAll()
    .executeTakeFirst();
}

export interface QueueFilter {
  status?: WithdrawalStatus;
  memberId?: number;
  /** ISO instants: inclusive lower, exclusive upper bound of created_at. */
  fromAt?: string;
  toAt?: string;
}

/**
 * A page of the operator's queue (decision 0090): WAITING oldest first (the order to work
 * it in), any other status newest first.
 */
export function searchQueue(
  db: Db,
  filter: QueueFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  let base = db.selectFrom('withdrawals');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.memberId !== undefined) base = base.where('member_id', '=', filter.memberId);
  if (filter.fromAt) base = base.where('created_at', '>=', filter.fromAt);
  if (filter.toAt) base = base.where('created_at', '<', filter.toAt);
  const direction = filter.status === 'WAITING' ? 'asc' : 'desc';
  return pageOf(
    base,
    (q) => q.selectAll().orderBy('created_at', direction).orderBy('id', direction),
    { page, pageSize },
  );
}
