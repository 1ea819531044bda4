// The kernel's row writes (decision 0061): the due-row query, the compare-and-set lease, and
// the write that ends a take. Every statement names the same three columns on every table.
//
// Why the lease is correct with several processes on one database: a take is
//   UPDATE t SET next_attempt_at = <lease end>, attempts = attempts + 1
//    WHERE id = ? AND next_attempt_at = <the value read> AND next_attempt_at <= <now>
// Of two workers that read the same row, the second UPDATE waits for the first's row lock
// (PostgreSQL re-checks its WHERE on the new row; SQLite runs writers one at a time) and
// then matches nothing, so exactly one holds the item. Ending a take is a compare-and-set on
// the lease end it wrote, so a worker whose lease ran out (and was taken over) changes nothing.
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { KernelColumns, ReconcileRow, ReconcileTable } from './flow';

// The kernel's statements touch only its own columns, which every ReconcileTable has; Kysely
// cannot see that through a union of table names, so the kernel looks at any of them as one
// table of just those columns.
const kernelView = (db: Db, table: ReconcileTable) => ({
  db: db as unknown as Kysely<{ item: KernelColumns }>,
  table: table as unknown as 'item',
});

/** Items whose time has come (next_attempt_at <= now), oldest first. */
export async function dueRows<T extends ReconcileTable>(
  db: Db,
  table: T,
  nowIso: string,
  limit: number,
): Promise<ReconcileRow<T>[]> {
  const k = kernelView(db, table);
  const rows = await k.db
    .selectFrom(k.table)
    .selectAll()
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows as unknown as ReconcileRow<T>[];
}

/**
 * Takes a due item until `leaseUntil` and counts the attempt; the row as taken, or undefined
 * when another worker took it first (or it is no longer due).
 */
export async function claim<T extends ReconcileTable>(
  db: Db,
  table: T,
  seen: Pick<KernelColumns, 'id' | 'next_attempt_at'>,
  leaseUntil: string,
  nowIso: string,
): Promise<ReconcileRow<T> | undefined> {
  if (seen.next_attempt_at === null || seen.next_attempt_at > nowIso) return undefined;
  const k = kernelView(db, table);
  const row = await k.db
    .updateTable(k.table)
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', seen.id)
    .where('next_attempt_at', '=', seen.next_attempt_at)
    .returningAll()
    .executeTakeFirst();
  return row as ReconcileRow<T> | undefined;
}

/**
 * Ends a take: the item is due again at `nextAttemptAt` (null: closed), with `lastError` when
 * given. Only while `heldUntil` is still the item's lease; false when it was not.
 */
export async function release(
  db: Db,
  table: ReconcileTable,
  id: number,
  heldUntil: string,
  next: { nextAttemptAt: string | null; lastError?: string },
): Promise<boolean> {
  const k = kernelView(db, table);
  const result = await k.db
    .updateTable(k.table)
    .set({
      next_attempt_at: next.nextAttemptAt,
      ...(next.lastError !== undefined ? { last_error: next.lastError.slice(0, 200) } : {}),
    })
    .where('id', '=', id)
    .where('next_attempt_at', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A short, storable reason from whatever a call threw. */
export const errorText = (error: unknown): string =>
  (error instanceof Error
    ? error.name && error.name !== 'Error'
      ? `${error.name}: ${error.message}`
      : error.message
    : String(error)
  ).slice(0, 200);

/**
 * "Look again now" (an operator's retry, decision 0090): an open item waiting for its next
 * attempt becomes due at `nowIso`; an item already due stays as it is. Returns false when
 * the item is closed (next_attempt_at NULL: settled, or waiting for a person): nothing to do.
 *
 * The kernel cannot tell a backoff wait from a worker's lease (both are next_attempt_at), so
 * an item expedited while a worker holds it can be taken by a second worker, exactly as after
 * a lease runs out: each flow's resolve asks the outside party by our reference first and
 * settles at most once, and the first worker's release then changes nothing.
 */
export async function expedite(
  db: Db,
  table: ReconcileTable,
  id: number,
  nowIso: string,
): Promise<boolean> {
  const k = kernelView(db, table);
  const row = await k.db
    .updateTable(k.table)
    .set({ next_attempt_at: nowIso })
    .where('id', '=', id)
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '>', nowIso)
    .returning('id')
    .executeTakeFirst();
  if (row) return true;
  const current = await k.db
    .selectFrom(k.table)
    .select('next_attempt_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return current?.next_attempt_at != null;
}

/**
 * The backlog of a table: items due now (next_attempt_at <= now, not being worked: a worked
 * item holds its lease end, in the future) and the oldest one's due time. Read by /metrics
 * (decision 0105) through the due index every ReconcileTable has.
 */
export async function backlog(
  db: Db,
  table: ReconcileTable,
  nowIso: string,
): Promise<{ due: number; oldestDueAt: string | null }> {
  const k = kernelView(db, table);
  const row = await k.db
    .selectFrom(k.table)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('due'),
      eb.fn.min('next_attempt_at').as('oldest'),
    ])
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', nowIso)
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), oldestDueAt: (row.oldest as string | null) ?? null };
}
