// Queries of the auth module: sessions, the login throttle, and the credential columns of
// members and operators (the account module owns every other member column). An operator's
// own password and authenticator are written here; an admin's reset in the operator module.
import { sql } from 'kysely';
import { batchedLookup } from '../../db/batched-lookup';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { purgeAttempts } from '../../lib/attempt-throttle';

export function findMemberCredentials(db: Db, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'member_no', 'password_hash', 'status'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findOperatorCredentials(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .select([
      'id',
      'username',
      'password_hash',
      'status',
      'role',
      'totp_secret',
      'password_change_required',
    ])
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findOperatorById(db: Db, operatorId: number) {
  return db
    .selectFrom('operators')
    .select([
      'id',
      'username',
      'status',
      'role',
      'display_name',
      'totp_secret',
      'password_hash',
      'password_change_required',
    ])
    .where('id', '=', operatorId)
    .executeTakeFirst();
}

// --- operator sign-in challenges (decision 0086) ----------------------------------------

export async function insertChallenge(
  db: Db,
  row: {
    token_hash: string;
    operator_id: number;
    enrol_secret: string | null;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db
    .insertInto('operator_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

export function findChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('operator_challenges')
    .select(['id', 'operator_id', 'enrol_secret', 'failures', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function countChallengeFailure(db: Db, id: number): Promise<void> {
  await db
    .updateTable('operator_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the challenge used; false when another request used it first. */
export async function useChallenge(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('operator_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Accepts a code's step for the operator: only a step after the last accepted one (a code is
 * good once), and, when enrolling, only while no secret is set. False when refused.
 */
export async function acceptTotpStep(
  db: Db,
  operatorId: number,
  step: number,
  enrolSecret: string | null,
): Promise<boolean> {
  let query = db
    .updateTable('operators')
    .set(
      enrolSecret ? { totp_last_step: step, totp_secret: enrolSecret } : { totp_last_step: step },
    )
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]));
  if (enrolSecret) query = query.where('totp_secret', 'is', null);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The operator list shows it (decision 0089). */
export async function markOperatorSignedIn(db: Db, operatorId: number, at: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ last_sign_in_at: at })
    .where('id', '=', operatorId)
    .execute();
}

export async function revokeOperatorSessions(
  db: Db,
  operatorId: number,
  at: string,
  exceptSessionId?: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The operator chose their own password (decision 0117): the admin's one is gone. */
export async function setOwnPassword(
  db: Db,
  operatorId: number,
  passwordHash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, password_change_required: 0, password_changed_at: at })
    .where('id', '=', operatorId)
    .execute();
}

export async function insertSession(
  db: Db,
  row: {
    token_hash: string;
    subject: 'member' | 'operator';
    member_id: number | null;
    operator_id: number | null;
    created_at: string;
    expires_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// A session with its member's columns: one query on every authenticated request. Batched on
// PostgreSQL (db/batched-lookup.ts): concurrent requests share one round trip.
const sessionColumns = [
  'sessions.id',
  'sessions.token_hash',
  'sessions.subject',
  'sessions.member_id',
  'sessions.operator_id',
  'sessions.expires_at',
  'sessions.last_seen_at',
  'sessions.revoked_at',
  'members.member_no',
  'members.status as member_status',
  'members.currency as member_currency',
  'members.wallet_version',
] as const;

const sessionByTokenHash = prepared(1, (db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('members', 'members.id', 'sessions.member_id')
    .select(sessionColumns)
    .where('sessions.token_hash', '=', tokenHash),
);

// PostgreSQL only (batchedLookup): the hashes travel as one text[] parameter, one statement.
const sessionsByTokenHashes = prepared(1, (db, tokenHashes: string[]) =>
  db
    .selectFrom('sessions')
    .leftJoin('members', 'members.id', 'sessions.member_id')
    .select(sessionColumns)
    .where('sessions.token_hash', '=', sql<string>`any(${tokenHashes}::text[])`),
);

type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionByTokenHash.first>>>;

export const sessionLookup = batchedLookup<string, SessionRow>(
  (db, tokenHash) => sessionByTokenHash.first(db, tokenHash),
  async (db, tokenHashes) => {
    const rows = await sessionsByTokenHashes.all(db, tokenHashes);
    return new Map(rows.map((row) => [row.token_hash, row]));
  },
);

export function findSessionByTokenHash(db: Db, tokenHash: string) {
  return sessionLookup.get(db, tokenHash);
}

/**
 * The sessions among `sessionIds` that are neither revoked nor past `expiresAfter`, with the
 * status of their member or operator and the operator's role (the chat sockets' re-check,
 * decision 0098). Idle expiry is the caller's to judge from `last_seen_at`.
 */
export function findSessionsByIds(db: Db, sessionIds: number[], expiresAfter: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('members', 'members.id', 'sessions.member_id')
    .leftJoin('operators', 'operators.id', 'sessions.operator_id')
    .select([
      'sessions.id',
      'sessions.subject',
      'sessions.last_seen_at',
      'members.status as member_status',
      'operators.status as operator_status',
      'operators.role as operator_role',
    ])
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', expiresAfter)
    .execute();
}

export async function touchSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeMemberSessions(
  db: Db,
  memberId: number,
  at: string,
  exceptSessionId?: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Housekeeping: sessions past expiry or revoked before `before`, and idle throttle rows. */
export async function purgeAuthRows(
  db: Db,
  now: string,
  before: string,
): Promise<{ sessions: number; throttles: number }> {
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  await db.deleteFrom('operator_challenges').where('expires_at', '<', before).execute();
  return {
    sessions: Number(sessions.numDeletedRows),
    throttles: await purgeAttempts(db, 'login_throttle', before, now),
  };
}
