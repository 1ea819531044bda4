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
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { withRelaxedDurability } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';

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

export async function runIdempotent(
  db: Db,
  clock: Clock,
  claim: { scope: string; key: string; hash: string },
  execute: () => Promise<StoredAnswer>,
  options: IdempotencyOptions = defaultIdempotencyOptions,
): Promise<StoredAnswer> {
  const claimedAt = isoNow(clock);
  // The claim and the stored answer commit without waiting for the disk (decision 0034):
  // if a power cut loses one, a retry runs again and finds the money move by its own key.
  const inserted = await withRelaxedDurability(db, (executor) =>
    claimKey.first(executor, claim.scope, claim.key, claim.hash, claimedAt),
  );
  if (inserted) return runAndStore(db, clock, inserted.id, claimedAt, execute);

  const deadline = Date.now() + options.waitMs;
  for (;;) {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .executeTakeFirstOrThrow();
    if (row.request_hash !== claim.hash) throw new DomainError('KEY_INVALID', 409);
    if (row.status === 'completed') {
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
      if (Number(taken.numUpdatedRows) === 1) return runAndStore(db, clock, row.id, now, execute);
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
  execute: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await execute();
  } catch (error) {
    if (error instanceof DomainError && error.statusCode < 500) {
      answer = { statusCode: error.statusCode, body: { message: error.code } };
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
  await withRelaxedDurability(db, (executor) =>
    completeKey.run(
      executor,
      id,
      claimedAt,
      answer.statusCode,
      JSON.stringify(answer.body),
      isoNow(clock),
    ),
  );
}
