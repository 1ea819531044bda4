// Member counts for the operator's dashboard and reports (decision 0094). Read-only.
import { sql } from 'kysely';
import type { Db } from '../../db/database';

// The hour as literal text in both places: PostgreSQL matches a GROUP BY expression only when
// it is the selected one, and two bound parameters are two different expressions.
const hourOf = sql<string>`substr(created_at, 1, 13)`;

/** Members registered in [fromIso, toIso), by UTC hour (`YYYY-MM-DDTHH`). */
export async function newMembersByHour(
  db: Db,
  range: { fromIso: string; toIso: string },
): Promise<{ hour: string; count: number }[]> {
  const rows = await db
    .selectFrom('members')
    .select((eb) => [hourOf.as('hour'), eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>=', range.fromIso)
    .where('created_at', '<', range.toIso)
    .groupBy(hourOf)
    .execute();
  return rows.map((r) => ({ hour: r.hour, count: Number(r.n) }));
}
