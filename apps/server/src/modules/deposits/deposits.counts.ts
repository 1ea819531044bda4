// The money-outcome figures of /metrics (decision 0105). Read-only.
import type { Db } from '../../db/database';

/** QR deposits by status, all time. */
export async function countQrDepositsByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('qr_deposits')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}

/** Gift-link redemptions by status, all time. */
export async function countGiftLinksByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('gift_redemptions')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}
