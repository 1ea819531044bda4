import type { OperatorRole } from '@wallet/contract';
import type { Db } from '../../db/database';

export function findOperator(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .select(['id', 'password_hash', 'totp_secret'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function insertOperator(
  db: Db,
  row: {
    username: string;
    password_hash: string;
    created_at: string;
    role: OperatorRole;
    display_name: string;
    totp_secret: string | null;
  },
): Promise<void> {
  await db
    .insertInto('operators')
    .values({ ...row, status: 'active', totp_last_step: null })
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

/** Sets a demo operator's authenticator secret (the demo seed only, like its password). */
export async function setOperatorTotpSecret(db: Db, id: number, secret: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}
