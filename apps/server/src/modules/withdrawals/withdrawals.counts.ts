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

/** Withdrawals by status, all time: the money-outcome figure of /metrics (decision 0105). */
export async function countWithdrawalsByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}
