// The approval kernel (decision 0116): one home for "one operator asks, a second operator
// approves before it takes effect" (four eyes). It sits below the modules, like the
// reconcile kernel: it imports only db/ and lib/, and knows no module's columns but its own.
// Every request table carries the kernel's columns under the same names:
//   status            'pending' -> 'approved' | 'rejected', once;
//   requested_by, requested_at, decided_by, decided_at, decision_reason.
// and the same CHECK constraints (a decided row has its decider; the decider is never the
// requester). The module keeps its own table, its own payload columns, and what approval does
// (`apply`), which runs in the same transaction as the decision, so a request takes effect
// exactly once: the row is locked, must still be pending, and leaves `pending` by a
// conditional update.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { lockRows, withTransaction } from '../db/transaction';
import type { Clock } from '../lib/clock';
import { isoNow } from '../lib/clock';
import { DomainError } from '../lib/domain-error';

/** The tables that carry the kernel's columns. */
export type ApprovalTable = {
  [T in keyof Database]: Database[T] extends {
    status: 'pending' | 'approved' | 'rejected';
    requested_by: number;
    decided_by: number | null;
    decision_reason: string | null;
  }
    ? T
    : never;
}[keyof Database];

/** The kernel's columns as read (every ApprovalTable has them). */
export interface KernelColumns {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
}

export type ApprovalRow<T extends ApprovalTable> = Selectable<Database[T]> & KernelColumns;

/**
 * The kernel's refusals, catalogue codes (decision 0089): an unknown request 404 NO_DATA, one
 * decided already 409 NO_DATA, deciding your own request (or one you may not decide) 403
 * UNAUTHORIZED.
 */
export class ApprovalError extends DomainError {
  constructor(code: 'NO_DATA' | 'UNAUTHORIZED', statusCode: number) {
    super(code, statusCode);
  }
}

export const unknownRequest = () => new ApprovalError('NO_DATA', 404);
export const alreadyDecided = () => new ApprovalError('NO_DATA', 409);
export const notYours = () => new ApprovalError('UNAUTHORIZED', 403);

/** Who decides. */
export interface Decider {
  operatorId: number;
}

export type Decision<T extends ApprovalTable, R> =
  | {
      kind: 'approve';
      /**
       * What approval does, in the decision's transaction (only `trx`): the module's change,
       * and any of its own columns to set with the decision (e.g. the ledger transaction).
       * Throwing refuses the approval and leaves the request pending.
       */
      apply: (
        trx: Db,
        row: ApprovalRow<T>,
      ) => Promise<{ result: R; set?: Updateable<Database[T]> }>;
    }
  | { kind: 'reject'; reason: string };

export interface Decided<T extends ApprovalTable, R> {
  /** The row as it was, pending. */
  before: ApprovalRow<T>;
  /** What `apply` answered (approvals only). */
  result: R | undefined;
}

/**
 * Decides a pending request: locks it, refuses an unknown one, the requester's own (and, when
 * `mayDecide` says so, anyone else's it names), and one decided already; then runs the
 * approval's `apply` and moves the row out of `pending` in the same transaction. Two deciders
 * at once: one decides, the other is refused 409 NO_DATA.
 */
export async function decideRequest<T extends ApprovalTable, R>(
  deps: { db: Db; clock: Clock },
  table: T,
  id: number,
  decider: Decider,
  decision: Decision<T, R>,
  mayDecide?: (trx: Db, row: ApprovalRow<T>) => Promise<boolean>,
): Promise<Decided<T, R>> {
  return withTransaction(deps.db, async (trx) => {
    const row = await lockedRow(trx, table, id);
    if (!row) throw unknownRequest();
    if (row.requested_by === decider.operatorId) throw notYours();
    if (row.status !== 'pending') throw alreadyDecided();
    if (mayDecide && !(await mayDecide(trx, row))) throw notYours();
    let result: R | undefined;
    let set: Updateable<Database[T]> | undefined;
    if (decision.kind === 'approve') ({ result, set } = await decision.apply(trx, row));
    const kernel = {
      status: decision.kind === 'approve' ? 'approved' : 'rejected',
      decided_by: decider.operatorId,
      decided_at: isoNow(deps.clock),
      decision_reason: decision.kind === 'reject' ? decision.reason : null,
    };
    // Typed per table by the caller; the kernel's columns exist on every ApprovalTable.
    const updated = await trx
      .updateTable(table as 'adjustment_requests')
      .set({ ...(set as object), ...kernel } as Updateable<Database['adjustment_requests']>)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw alreadyDecided();
    return { before: row, result };
  });
}

async function lockedRow<T extends ApprovalTable>(
  trx: Db,
  table: T,
  id: number,
): Promise<ApprovalRow<T> | undefined> {
  await lockRows(trx, table, 'id', [id]);
  const row = await trx
    .selectFrom(table as 'adjustment_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row as ApprovalRow<T> | undefined;
}

/** The kernel's columns of a new request: pending, asked by `operatorId` now. */
export function pendingColumns(operatorId: number, clock: Clock) {
  return {
    status: 'pending' as const,
    requested_by: operatorId,
    requested_at: isoNow(clock),
    decided_by: null,
    decided_at: null,
    decision_reason: null,
  };
}

/** How many requests of a table wait for a decision (the console's badge, /metrics). */
export async function countPending(db: Db, table: ApprovalTable): Promise<number> {
  const row = await db
    .selectFrom(table as 'adjustment_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
