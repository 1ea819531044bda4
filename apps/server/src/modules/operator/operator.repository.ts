import type { Db } from '../../db/database';

export function findOperator(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .select(['id', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function insertOperator(
  db: Db,
  row: { username: string; password_hash: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('operators')
    .values({ ...row, status: 'active' })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

export async function setOperatorPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .execute();
}
