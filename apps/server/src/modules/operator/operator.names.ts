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

/** Who an operator is, for an audit row written outside an operator's call (a slip image). */
export async function operatorIdentity(
  db: Db,
  id: number,
): Promise<{ operatorId: number; username: string; role: string } | undefined> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { operatorId: row.id, username: row.username, role: row.role } : undefined;
}
