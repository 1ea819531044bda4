// Rows of a table by status, all time: the money-outcome figures of /metrics (decision 0105).
// One query for every table with a `status` column; each module names its own table.
import type { Db } from './database';

export type StatusCountedTable = 'qr_deposits' | 'gift_redemptions' | 'slips' | 'withdrawals';

export interface StatusCount {
  status: string;
  n: number;
}

export async function countRowsByStatus(db: Db, table: StatusCountedTable): Promise<StatusCount[]> {
  // Every table of the union has a text `status`; Kysely cannot see one column through a
  // union of table names, so the query is typed against one of them.
  const rows = await db
    .selectFrom(table as 'slips')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}
