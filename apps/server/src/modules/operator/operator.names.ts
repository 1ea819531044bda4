// Operators' usernames by id, for lists that say who decided something (decision 0090).
import type { Db } from '../../db/database';

export async function operatorUsernames(
  db: Db,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
