// The dashboard's pending count of withdrawals (decision 0094). Read-only.
import type { Db } from '../../db/database';

/** Withdrawals waiting for an operator's approval. */
export async function countWaitingWithdrawals(db: Db): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'WAITING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
