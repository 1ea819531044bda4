// Operator accounts (decision 0089): the admin's list and changes. The credential columns
// (password hash, authenticator) are written only here and by the seed.
import type { OperatorRole } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';
import type { OperatorStatus } from '../../db/schema';

const columns = [
  'id',
  'username',
  'display_name',
  'role',
  'status',
  'totp_secret',
  'password_change_required',
  'last_sign_in_at',
  'created_at',
] as const;

export function pageOfOperators(db: Db, page: PageWindow) {
  return pageOf(db.selectFrom('operators'), (q) => q.select(columns).orderBy('username'), page);
}

export function findOperatorRow(db: Db, id: number) {
  return db.selectFrom('operators').select(columns).where('id', '=', id).executeTakeFirst();
}

export type OperatorRow = NonNullable<Awaited<ReturnType<typeof findOperatorRow>>>;

export async function createOperatorRow(
  db: Db,
  row: {
    username: string;
    display_name: string;
    role: OperatorRole;
    status: OperatorStatus;
    password_hash: string;
    created_at: string;
  },
): Promise<number> {
  // An admin chose this password: the operator chooses their own at the first sign-in.
  const inserted = await db
    .insertInto('operators')
    .values({ ...row, totp_secret: null, totp_last_step: null, password_change_required: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateOperatorRow(
  db: Db,
  id: number,
  change: Partial<{
    display_name: string;
    role: OperatorRole;
    status: OperatorStatus;
    password_hash: string;
    password_change_required: number;
    totp_secret: null;
    totp_last_step: null;
  }>,
): Promise<void> {
  await db.updateTable('operators').set(change).where('id', '=', id).execute();
}
