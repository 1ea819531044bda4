import type { Db } from '../../db/database';

/** The request a verification proof names, when it was verified for `phone` after `since`. */
export async function findVerifiedRequest(
  db: Db,
  tokenHash: string,
  phone: string,
  since: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('otp_requests')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('phone', '=', phone)
    .where('used_at', 'is not', null)
    .where('used_at', '>', since)
    .executeTakeFirst();
}

export async function isRegisteredPhone(db: Db, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', phone)
    .executeTakeFirst();
  return row !== undefined;
}

/** Requests for `phone` created after `since`, newest first. */
export function recentRequests(db: Db, phone: string, since: string) {
  return db
    .selectFrom('otp_requests')
    .select(['id', 'created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertRequest(
  db: Db,
  row: {
    token_hash: string;
    phone: string;
    ref: string;
    code_hash: string;
    created_at: string;
    expires_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('otp_requests')
    .values({ ...row, wrong_attempts: 0, used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('otp_requests').where('id', '=', id).execute();
}

export function findRequestByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('otp_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function recordWrongCode(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('otp_requests')
    .set((eb) => ({ wrong_attempts: eb('wrong_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('wrong_attempts')
    .executeTakeFirstOrThrow();
  return row.wrong_attempts;
}

export async function markUsed(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('otp_requests').set({ used_at: at }).where('id', '=', id).execute();
}

/** Housekeeping: OTP requests older than `before` (long past expiry and the hourly limit). */
export async function purgeOtpRequests(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('otp_requests')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
