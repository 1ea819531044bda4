// The money-outcome figure of /metrics (decision 0105). Read-only.
import type { Db } from '../../db/database';

/** Game transfers by direction and status, all time. */
export async function countGameTransfersByStatus(
  db: Db,
): Promise<{ direction: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('game_transfers')
    .select((eb) => ['direction', 'status', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['direction', 'status'])
    .execute();
  return rows.map((row) => ({ direction: row.direction, status: row.status, n: Number(row.n) }));
}
