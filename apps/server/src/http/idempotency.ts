// Idempotency keys for money calls (reliability.md anchors: Stripe/Formance semantics):
// - the same key with the same request answers the first answer, without running again;
// - the same key with a different request is refused (409 KEY_INVALID);
// - two racing requests with one key: the database's UNIQUE (scope, key) picks the first;
//   the other waits for its answer;
// - a claim left pending by a crash is taken over after `staleMs`. That is safe because the
//   money move itself is also keyed (the ledger's UNIQUE idempotency_key), so a re-run
//   finds the first posting instead of moving money again.
// Business failures (4xx) are stored and replayed like successes; a 5xx is not stored, so a
// retry may run again.
//
// Keyless requests (decision 0053): a member client written from the spec sends no key. Its
// claim is keyed by the session and the request's fingerprint (`keylessKey`) and carries a
// `windowMs`: an identical request while the first runs, or within `windowMs` of its answer,
// gets that answer (a double tap posts once); later, the old row is renamed out of the way
// (compare-and-set, so only one of several racing requests does it) and the request runs as
// a new one. Every keyless answer is kept, a 5xx too, since no client key would let a re-run
// find the first posting.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { batchedStatement } from '../db/batched-lookup';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { withRelaxedDurability } from '../db/transaction';
import type { Clock } from '../lib/clock';
import { isoNow } from '../lib/clock';
import { DomainError } from '../lib/domain-error';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

export interface IdempotencyOptions {
  /** A pending claim older than this is considered abandoned (ms). */
  staleMs: number;
  /** How long a racing duplicate waits for the first answer (ms). */
  waitMs: number;
  pollMs: number;
}

export const defaultIdempotencyOptions: IdempotencyOptions = {
  staleMs: 30_000,
  waitMs: 10_000,
  pollMs: 25,
};

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

/** Validates the Idempotency-Key header: missing -> KEY_MISSING, malformed -> KEY_INVALID. */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new DomainError('KEY_MISSING', 400);
  if (Array.isArray(header) || !KEY_PATTERN.test(header)) throw new DomainError('KEY_INVALID', 400);
  return header;
}

/**
 * Like `parseIdempotencyKey`, but a missing header is allowed (member money calls, decision
 * 0053): `undefined` then. A malformed one is still KEY_INVALID.
 */
export function parseOptionalIdempotencyKey(
  header: string | string[] | undefined,
): string | undefined {
  if (header === undefined || header === '') return undefined;
  return parseIdempotencyKey(header);
}

/**
 * The stand-in key of a keyless request: its session and fingerprint. It starts with `~`,
 * which a client key can never hold, so the two never meet.
 */
export function keylessKey(sessionId: number, hash: string): string {
  return `~s${sessionId}:${hash}`;
}

/** A stable fingerprint of what was asked (method, path, validated params and body). */
export function requestHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Every money call claims and completes a key: both statements are compiled once (0034).
const claimKey = prepared(
  4,
  (db, scope: string, key: string, requestHash: string, claimedAt: string) =>
    db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: requestHash, status: 'pending', claimed_at: claimedAt })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('id'),
);

// PostgreSQL: the claims of one turn in one statement (decision 0111).
const claimKeys = prepared(
  4,
  (db, scopes: string[], keys: string[], requestHashes: string[], claimedAts: string[]) => {
    const query = sql<{ id: number; scope: string; key: string }>`
      insert into idempotency_keys (scope, key, request_hash, status, claimed_at)
      select v.scope, v.key, v.request_hash, 'pending', v.claimed_at
      from unnest(${scopes}::text[], ${keys}::text[], ${requestHashes}::text[],
        ${claimedAts}::text[]) as v(scope, key, request_hash, claimed_at)
      on conflict (scope, key) do nothing
      returning id, scope, key`;
    return { compile: () => query.compile(db) };
  },
);

interface ClaimRow {
  scope: string;
  key: string;
  hash: string;
  claimedAt: string;
}

const claimOf = (row: { scope: string; key: string }) => `${row.scope}\u0000${row.key}`;

/**
 * Inserts a pending claim; its id, or undefined when the key is taken. The claim and the
 * stored answer commit without waiting for the disk (decision 0034): if a power cut loses
 * one, a retry runs again and finds the money move by its own key. On PostgreSQL the claims
 * of concurrent requests share one statement; of two claims of one key in the same batch,
 * the first is inserted and the second finds it taken.
 */
const claimStatement = batchedStatement<ClaimRow, { id: number } | undefined>(
  (db, row) =>
    withRelaxedDurability(db, (executor) =>
      claimKey.first(executor, row.scope, row.key, row.hash, row.claimedAt),
    ),
  async (db, rows) => {
    const first = new Map<string, ClaimRow>();
    for (const row of rows) if (!first.has(claimOf(row))) first.set(claimOf(row), row);
    const unique = [...first.values()];
    const inserted = await withRelaxedDurability(db, (executor) =>
      claimKeys.all(
        executor,
        unique.map((r) => r.scope),
        unique.map((r) => r.key),
        unique.map((r) => r.hash),
        unique.map((r) => r.claimedAt),
      ),
    );
    const ids = new Map(inserted.map((r) => [claimOf(r), Number(r.id)]));
    return rows.map((row) => {
      const id = ids.get(claimOf(row));
      return first.get(claimOf(row)) === row && id !== undefined ? { id } : undefined;
    });
  },
);

const completeKey = prepared(
  5,
  (
    db,
    id: number,
    claimedAt: string,
    responseStatus: number,
    responseBody: string,
    completedAt: string,
  ) =>
    db
      .updateTable('idempotency_keys')
      .set({
        status: 'completed',
        response_status: responseStatus,
        response_body: responseBody,
        completed_at: completedAt,
      })
      .where('id', '=', id)
      .where('claimed_at', '=', claimedAt),
);

// PostgreSQL: the stored answers of one turn in one statement (decision 0111).
const completeKeys = prepared(
  5,
  (
    db,
    ids: number[],
    claimedAts: string[],
    responseStatuses: number[],
    responseBodies: string[],
    completedAts: string[],
  ) => {
    const query = sql`
      update idempotency_keys as k
      set status = 'completed', response_status = v.response_status,
        response_body = v.response_body, completed_at = v.completed_at
      from unnest(${ids}::bigint[], ${claimedAts}::text[], ${responseStatuses}::int[],
        ${responseBodies}::text[], ${completedAts}::text[])
        as v(id, claimed_at, response_status, response_body, completed_at)
      where k.id = v.id and k.claimed_at = v.claimed_at`;
    return { compile: () => query.compile(db) };
  },
);

interface CompleteRow {
  id: number;
  claimedAt: string;
  status: number;
  body: string;
  completedAt: string;
}

/** Stores a claim's answer (only while the claim is still this run's: `claimed_at`). */
const completeStatement = batchedStatement<CompleteRow, void>(
  async (db, row) => {
    await withRelaxedDurability(db, (executor) =>
      completeKey.run(executor, row.id, row.claimedAt, row.status, row.body, row.completedAt),
    );
  },
  async (db, rows) => {
    await withRelaxedDurability(db, (executor) =>
      completeKeys.run(
        executor,
        rows.map((r) => r.id),
        rows.map((r) => r.claimedAt),
        rows.map((r) => r.status),
        rows.map((r) => r.body),
        rows.map((r) => r.completedAt),
      ),
    );
    return rows.map(() => undefined);
  },
);

export interface IdempotencyClaim {
  scope: string;
  key: string;
  hash: string;
  /**
   * Keyless requests only (decision 0053): how long after its answer a row still answers
   * an identical request. Absent for a client's key, whose answer is kept for good.
   */
  windowMs?: number;
}

/**
 * Runs `execute` once per claim. `execute` gets the id of the claim's row: with `windowMs`
 * the same key names a new request after the window, so the row id is what tells two runs
 * apart (the money move's own key must hold it); a stale takeover keeps the id.
 */
export async function runIdempotent(
  db: Db,
  clock: Clock,
  claim: IdempotencyClaim,
  execute: (claimId: number) => Promise<StoredAnswer>,
  options: IdempotencyOptions = defaultIdempotencyOptions,
): Promise<StoredAnswer> {
  const keyless = claim.windowMs !== undefined;
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    const claimedAt = isoNow(clock);
    const inserted = await claimStatement.run(db, {
      scope: claim.scope,
      key: claim.key,
      hash: claim.hash,
      claimedAt,
    });
    if (inserted) return runAndStore(db, clock, inserted.id, claimedAt, execute, keyless);

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    // Released by a 5xx (or renamed) between the insert and this read: claim again.
    if (!row) continue;
    if (row.request_hash !== claim.hash) throw new DomainError('KEY_INVALID', 409);
    if (row.status === 'completed') {
      if (
        claim.windowMs !== undefined &&
        clock.now().getTime() - Date.parse(row.completed_at ?? row.claimed_at) >= claim.windowMs
      ) {
        // Past the window: a new request. Rename the old row out of the way (compare-and-set
        // on its key: of several racing requests, one renames, all claim again, one wins).
        await db
          .updateTable('idempotency_keys')
          .set({ key: `${claim.key}#${row.id}` })
          .where('id', '=', row.id)
          .where('key', '=', claim.key)
          .execute();
        continue;
      }
      return {
        statusCode: row.response_status ?? 200,
        body: JSON.parse(row.response_body ?? 'null'),
      };
    }
    const age = clock.now().getTime() - Date.parse(row.claimed_at);
    if (age >= options.staleMs) {
      // Compare-and-set on claimed_at: only one of several retries takes over.
      const now = isoNow(clock);
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ claimed_at: now })
        .where('id', '=', row.id)
        .where('claimed_at', '=', row.claimed_at)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1)
        return runAndStore(db, clock, row.id, now, execute, keyless);
    }
    if (Date.now() >= deadline) throw new DomainError('REQUEST_LIMIT', 409);
    await pause(options.pollMs);
  }
}

async function runAndStore(
  db: Db,
  clock: Clock,
  id: number,
  claimedAt: string,
  execute: (claimId: number) => Promise<StoredAnswer>,
  keyless: boolean,
): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await execute(id);
  } catch (error) {
    if (error instanceof DomainError && error.statusCode < 500) {
      // With its details (a wait, a field, a figure to confirm): a replay answers the same.
      answer = { statusCode: error.statusCode, body: { message: error.code, ...error.details } };
      await complete(db, clock, id, claimedAt, answer);
      throw error;
    }
    if (keyless) {
      // No client key: a re-run could not find the first posting, so the failure is kept
      // (for the window) like any answer.
      answer =
        error instanceof DomainError
          ? { statusCode: error.statusCode, body: { message: error.code } }
          : { statusCode: 500, body: { message: 'INTERNAL_SERVER_ERROR' } };
      await complete(db, clock, id, claimedAt, answer);
      throw error;
    }
    // Unknown outcome: release the claim so a retry runs again (the ledger key still holds).
    await db
      .deleteFrom('idempotency_keys')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    throw error;
  }
  await complete(db, clock, id, claimedAt, answer);
  return answer;
}

async function complete(db: Db, clock: Clock, id: number, claimedAt: string, answer: StoredAnswer) {
  await completeStatement.run(db, {
    id,
    claimedAt,
    status: answer.statusCode,
    body: JSON.stringify(answer.body),
    completedAt: isoNow(clock),
  });
}
