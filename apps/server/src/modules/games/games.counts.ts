// The money-outcome figure of /metrics (decision 0105). Read-only.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';

export interface GameTransferCount {
  direction: string;
  status: string;
  n: number;
}

/** Game transfers by direction and status, all time: one full scan of the table. */
export async function countGameTransfersByStatus(db: Db): Promise<GameTransferCount[]> {
  const rows = await db
    .selectFrom('game_transfers')
    .select((eb) => ['direction', 'status', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['direction', 'status'])
    .execute();
  return rows.map((row) => ({ direction: row.direction, status: row.status, n: Number(row.n) }));
}

/**
 * Rows older than this are folded into the running totals: by then the transaction that
 * inserted any lower id has committed (a transfer's transactions last milliseconds), so no
 * row can appear later below the folded id.
 */
export const FOLD_AFTER_MS = 60_000;
const IN_LIST = 500;

/**
 * The same figure as countGameTransfersByStatus, without scanning the whole table on every
 * read: game_transfers is the one table that grows with every transfer, and a settled
 * transfer never changes and is never deleted (its triggers). The first read scans the table
 * once; later reads look only at rows added since (a primary-key range) and at the rows that
 * were PENDING (they settle at most once). Measured: decision 0105.
 */
export function gameTransferTally(db: Db, clock: Clock): () => Promise<GameTransferCount[]> {
  /** Every row with id <= folded is in `settled` or `pending`. */
  let folded = 0;
  const settled = new Map<string, number>();
  const pending = new Map<number, string>();
  const key = (direction: string, status: string) => `${direction}|${status}`;
  const add = (counts: Map<string, number>, k: string, n: number) =>
    counts.set(k, (counts.get(k) ?? 0) + n);

  return async () => {
    const cutoff = new Date(clock.now().getTime() - FOLD_AFTER_MS).toISOString();
    // Every query first, then the state changes at once: a failed read changes nothing.
    const upTo = await db
      .selectFrom('game_transfers')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('id', '>', folded)
      .where('created_at', '<=', cutoff)
      .executeTakeFirst();
    const foldTo = upTo?.id ?? null;
    // One statement for the range: a row that settles meanwhile is seen once, either way.
    const range = foldTo
      ? (
          await sql<{ id: number | null; direction: string; status: string; n: number | string }>`
            select null as id, direction, status, count(*) as n from game_transfers
             where id > ${folded} and id <= ${foldTo} and status <> 'PENDING'
             group by direction, status
            union all
            select id, direction, status, 1 as n from game_transfers
             where id > ${folded} and id <= ${foldTo} and status = 'PENDING'`.execute(db)
        ).rows
      : [];
    // The rows held as PENDING: a settled one moves to its final status (once: it never
    // changes again).
    const ids = [...pending.keys()];
    const nowSettled: { id: number; direction: string; status: string }[] = [];
    for (let i = 0; i < ids.length; i += IN_LIST) {
      nowSettled.push(
        ...(await db
          .selectFrom('game_transfers')
          .select(['id', 'direction', 'status'])
          .where('id', 'in', ids.slice(i, i + IN_LIST))
          .where('status', '<>', 'PENDING')
          .execute()),
      );
    }
    // The newest rows, counted as they are now (a primary-key range).
    const newest = await db
      .selectFrom('game_transfers')
      .select((eb) => ['direction', 'status', eb.fn.countAll<number | string>().as('n')])
      .where('id', '>', foldTo ?? folded)
      .groupBy(['direction', 'status'])
      .execute();

    for (const row of range) {
      if (row.id === null) add(settled, key(row.direction, row.status), Number(row.n));
      else pending.set(Number(row.id), row.direction);
    }
    for (const row of nowSettled) {
      pending.delete(row.id);
      add(settled, key(row.direction, row.status), 1);
    }
    if (foldTo) folded = foldTo;

    const totals = new Map(settled);
    for (const direction of pending.values()) add(totals, key(direction, 'PENDING'), 1);
    for (const row of newest) add(totals, key(row.direction, row.status), Number(row.n));
    return [...totals].map(([k, n]) => {
      const [direction, status] = k.split('|') as [string, string];
      return { direction, status, n };
    });
  };
}
