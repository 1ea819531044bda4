// The one transaction helper (architecture.md "Row locking"). Callers write a single code
// path; this file hides how each dialect serialises writers:
// - SQLite: `BEGIN IMMEDIATE` takes the database write lock up front, so two writers can
//   never interleave read-modify-write (and a second process waits on busy_timeout).
// - PostgreSQL: READ COMMITTED plus explicit locks: rows with `SELECT ... FOR UPDATE` in id
//   order (no deadlock between two transactions locking the same set), and named advisory
//   locks for rows that may not exist yet. Deadlock / serialization failures are retried.
// The callback may run more than once (retry), so it must not cause outside effects.
import { sql } from 'kysely';
import type { Db, DialectName } from './database';
import { commitBatcherOf, dialectOf, registerDialect, relaxedPostgresOf } from './database';
import type { Database } from './schema';

const openTransactions = new WeakSet<object>();

const PG_RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 4;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

function retryable(dialect: DialectName, error: unknown): boolean {
  const code = errorCode(error);
  if (!code) return false;
  return dialect === 'postgres' ? PG_RETRYABLE.has(code) : code.startsWith('SQLITE_BUSY');
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function isInTransaction(executor: Db): boolean {
  return openTransactions.has(executor);
}

/**
 * Runs `fn` in one transaction and returns its result; rolls back when it throws. Called
 * inside another withTransaction it joins the open transaction (no savepoints).
 */
export async function withTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (openTransactions.has(db)) return fn(db);
  const dialect = dialectOf(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return dialect === 'sqlite' ? await sqliteTransaction(db, fn) : await pgTransaction(db, fn);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !retryable(dialect, error)) throw error;
      await pause(5 * 2 ** attempt + Math.floor(Math.random() * 10));
    }
  }
}

// SQLite: every write transaction goes through the database's commit batcher
// (commit-batch.ts, decision 0111): BEGIN IMMEDIATE, its own savepoint, COMMIT with the
// transactions ready in the same turn, then a WAL flush that started after the commit
// (group-commit.ts) before it is answered.
function sqliteTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return batcherOf(db).submit(async (conn) => {
    openTransactions.add(conn);
    try {
      return await fn(conn);
    } finally {
      openTransactions.delete(conn);
    }
  }, true);
}

function batcherOf(db: Db) {
  const batcher = commitBatcherOf(db);
  if (!batcher) throw new Error('not a SQLite database made by createDatabase');
  return batcher;
}

async function pgTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      registerDialect(trx, 'postgres');
      openTransactions.add(trx);
      try {
        return await fn(trx);
      } finally {
        openTransactions.delete(trx);
      }
    });
}

function assertInTransaction(trx: Db): void {
  if (!openTransactions.has(trx)) throw new Error('row locks need an open withTransaction');
}

type LockableTable = keyof Database;

/**
 * Locks rows by key until the transaction ends, in ascending key order (deadlock-free).
 * On SQLite the whole database is already locked for writing by BEGIN IMMEDIATE.
 */
export async function lockRows(
  trx: Db,
  table: LockableTable,
  column: string,
  keys: readonly (string | number)[],
): Promise<void> {
  assertInTransaction(trx);
  if (keys.length === 0 || dialectOf(trx) === 'sqlite') return;
  const sorted = [...new Set(keys)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1,
  );
  await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(sorted)}) order by ${sql.ref(column)} for update`.execute(
    trx,
  );
}

/**
 * Serialises transactions on a name (e.g. 'otp:0812345678') when there is no row to lock
 * yet. PostgreSQL: a transaction-scoped advisory lock; SQLite: already serialised.
 */
export async function lockKey(trx: Db, key: string): Promise<void> {
  assertInTransaction(trx);
  if (dialectOf(trx) === 'sqlite') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * True when `error` is a unique-constraint violation on `table.column`. Constraint names
 * follow `<table>_<column>_unique` (migrations), which PostgreSQL reports; SQLite reports
 * the columns in its message.
 */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  const code = errorCode(error);
  if (code === '23505') {
    const constraint = (error as { constraint?: string }).constraint;
    return constraint === `${table}_${column}_unique`;
  }
  if (code?.startsWith('SQLITE_CONSTRAINT')) {
    const message = error instanceof Error ? error.message : '';
    return new RegExp(`\\b${table}\\.${column}\\b`).test(message);
  }
  return false;
}

/**
 * Runs `fn` without waiting for the disk at commit (decision 0034): SQLite commits it in the
 * next commit batch with `synchronous = NORMAL` and answers at the COMMIT, before the WAL
 * flush (WAL: durable against a process crash, kill -9 included; a power cut may lose the
 * newest such commits, which the next flush then covers); PostgreSQL with
 * `synchronous_commit = off` (one pipelined connection whose session is set that way, so a
 * statement is one round trip shared with the other requests': decision 0111). Only for
 * bookkeeping that a money move never depends on: losing it must be safe because the money
 * move itself is keyed in the ledger (idempotency claims and stored answers). On PostgreSQL
 * each statement of `fn` is its own commit; `fn` must not rely on them committing together.
 */
export async function withRelaxedDurability<T>(
  db: Db,
  fn: (executor: Db) => Promise<T>,
): Promise<T> {
  if (openTransactions.has(db)) return fn(db);
  if (dialectOf(db) === 'postgres') return fn(relaxedPostgresOf(db) ?? db);
  // In the next commit batch, answered at its COMMIT without waiting for the flush.
  return batcherOf(db).submit(fn, false);
}
