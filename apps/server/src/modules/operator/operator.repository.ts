import type { OperatorRole } from '@wallet/contract';
import type { Db } from '../../db/database';

export function findOperator(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .select([
      'id',
      'password_hash',
      'totp_secret',
      'password_changed_at',
      'password_change_required',
    ])
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
    /** 1: the first sign-in must choose a new password (decision 0117). */
    password_change_required: number;
  },
): Promise<void> {
  await db
    .insertInto('operators')
    .values({ ...row, status: 'active', totp_secret: null, totp_last_step: null })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

/** The seed's password (OPERATOR_PASSWORD); `changeRequired`: chosen at the next sign-in. */
export async function setOperatorPassword(
  db: Db,
  id: number,
  passwordHash: string,
  changeRequired: boolean,
): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, password_change_required: changeRequired ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/**
 * Sets a demo operator's authenticator secret (the demo seed only, like its password), sealed
 * by the caller (decision 0118).
 */
export async function setOperatorTotpSecret(db: Db, id: number, secret: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}
