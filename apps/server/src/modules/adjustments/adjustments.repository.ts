// Queries of adjustment_requests (decision 0089). The members and operators joined here are
// read only, for names in the queue.
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';
import type { AdjustmentRequestStatus } from '../../db/schema';

export async function insertRequest(
  db: Db,
  row: {
    request_key: string;
    member_id: number;
    amount: number;
    direction: 'credit' | 'debit';
    reason: string;
    requested_by: number;
    requested_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('adjustment_requests')
    .values({
      ...row,
      status: 'pending',
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      transaction_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findRequestIdByKey(db: Db, requestKey: string) {
  return db
    .selectFrom('adjustment_requests')
    .select('id')
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export function findRequest(db: Db, id: number) {
  return db
    .selectFrom('adjustment_requests')
    .select([
      'id',
      'member_id',
      'amount',
      'direction',
      'reason',
      'status',
      'requested_by',
      'transaction_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Decides a pending request; false when it is no longer pending (someone decided first). */
export async function decideRequest(
  db: Db,
  id: number,
  decision: {
    status: Exclude<AdjustmentRequestStatus, 'pending'>;
    decided_by: number;
    decided_at: string;
    decision_reason: string | null;
    transaction_id: number | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('adjustment_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const requests = (db: Db) => db.selectFrom('adjustment_requests as r');

function withColumns(query: ReturnType<typeof requests>) {
  return query
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .innerJoin('operators as q', 'q.id', 'r.requested_by')
    .leftJoin('operators as d', 'd.id', 'r.decided_by')
    .select([
      'r.id',
      'm.member_no',
      'm.name as member_name',
      'r.amount',
      'r.direction',
      'r.reason',
      'r.status',
      'q.id as requester_id',
      'q.username as requester_username',
      'q.display_name as requester_display_name',
      'r.requested_at',
      'd.id as decider_id',
      'd.username as decider_username',
      'd.display_name as decider_display_name',
      'r.decided_at',
      'r.decision_reason',
    ]);
}

const listQuery = (db: Db) => withColumns(requests(db));

export type RequestListRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirst']>>
>;

export function findRequestRow(db: Db, id: number): Promise<RequestListRow | undefined> {
  return listQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** Pending first (oldest waiting longest at the top), then decided ones newest first. */
export function listRequests(
  db: Db,
  filter: { status: AdjustmentRequestStatus | 'all' },
  page: PageWindow,
): Promise<{ rows: RequestListRow[]; total: number }> {
  let base = requests(db);
  if (filter.status !== 'all') base = base.where('r.status', '=', filter.status);
  return pageOf(
    base,
    (q) =>
      withColumns(q)
        .orderBy((eb) => eb.case().when('r.status', '=', 'pending').then(0).else(1).end())
        .orderBy((eb) =>
          eb
            .case()
            .when('r.status', '=', 'pending')
            .then(eb.ref('r.requested_at'))
            .else(null)
            .end(),
        )
        .orderBy('r.requested_at', 'desc')
        .orderBy('r.id', 'desc'),
    page,
  );
}

// --- adjustment_postings (decision 0116) -----------------------------------------------

export async function insertPosting(
  db: Db,
  row: {
    member_id: number;
    operator_id: number;
    amount: number;
    direction: 'credit' | 'debit';
    request_id: number | null;
    transaction_id: number;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('adjustment_postings').values(row).execute();
}

/**
 * Satang credited on one operator's say (no approved request) since `since`, by this operator
 * (to anyone) or to this member (by anyone).
 */
export async function soloCreditsSince(
  db: Db,
  by: { operatorId: number } | { memberId: number },
  since: string,
): Promise<number> {
  let query = db
    .selectFrom('adjustment_postings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
    .where('direction', '=', 'credit')
    .where('request_id', 'is', null)
    .where('created_at', '>', since);
  query =
    'operatorId' in by
      ? query.where('operator_id', '=', by.operatorId)
      : query.where('member_id', '=', by.memberId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The operators who adjusted this member's wallet since `since`: who posted an adjustment
 * (alone, or as the requester of an approved one) or asked for one, whatever became of it.
 */
export async function adjustersSince(
  db: Db,
  memberId: number,
  since: string,
): Promise<Set<number>> {
  const posted = await db
    .selectFrom('adjustment_postings')
    .select('operator_id as id')
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .execute();
  const requested = await db
    .selectFrom('adjustment_requests')
    .select('requested_by as id')
    .where('member_id', '=', memberId)
    .where('requested_at', '>', since)
    .execute();
  return new Set([...posted, ...requested].map((r) => r.id));
}
