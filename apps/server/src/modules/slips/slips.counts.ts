// The dashboard's pending count of slips (decision 0094). Read-only.
import type { Db } from '../../db/database';
import { countRowsByStatus } from '../../db/count-by-status';
import type { StatusCount } from '../../db/count-by-status';

/**
 * Slips the rules could not decide (decision 0044): still processing and out of the retry
 * job's reach (no next attempt: the reconcile kernel's `review`), held for an operator.
 */
export async function countSlipsToReview(db: Db): Promise<number> {
  const row = await db
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'processing')
    .where('next_attempt_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Slips by status, all time: the money-outcome figure of /metrics (decision 0105). */
export const countSlipsByStatus = (db: Db): Promise<StatusCount[]> =>
  countRowsByStatus(db, 'slips');
