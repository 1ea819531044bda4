// The dashboard's pending count of withdrawals (decision 0094). Read-only.
import type { Db } from '../../db/database';
import { countRowsByStatus } from '../../db/count-by-status';
import type { StatusCount } from '../../db/count-by-status';

/** Withdrawals waiting for an operator's approval. */
export async function countWaitingWithdrawals(db: Db): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'WAITING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Withdrawals by status, all time: the money-outcome figure of /metrics (decision 0105). */
export const countWithdrawalsByStatus = (db: Db): Promise<StatusCount[]> =>
  countRowsByStatus(db, 'withdrawals');
