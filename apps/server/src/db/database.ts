// Opens the database: SQLite (better-sqlite3) by default, PostgreSQL (pg Pool) when
// DATABASE_URL is set. One Kysely code path above this file; the few dialect differences
// (transactions, row locks, unique-violation errors) live in transaction.ts.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { QueryResult } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { ensureSqliteFolder } from '../config';
import { privateSqliteFiles } from '../lib/private-files';
import { CommitBatcher } from './commit-batch';
import type { SqliteControl } from './commit-batch';
import { WalFlusher } from './group-commit';
import { pipelinedClient, SharedPipelinedClient } from './pg-pipeline';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

const dialects = new WeakMap<object, DialectName>();
const flushers = new WeakMap<object, WalFlusher>();
const relaxedPostgres = new WeakMap<object, Db>();

/**
 * PostgreSQL: a second small pool whose sessions commit with `synchronous_commit = off`, for
 * withRelaxedDurability (one round trip per statement instead of BEGIN, SET LOCAL, the
 * statement and COMMIT). Undefined on SQLite.
 */
export function relaxedPostgresOf(db: object): Db | undefined {
  return relaxedPostgres.get(db);
}

/** The group-commit flusher of a SQLite database file (none for :memory:). */
export function walFlusherOf(db: object): WalFlusher | undefined {
  return flushers.get(db);
}

function sqliteControl(sqlite: BetterSqlite3.Database): SqliteControl {
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const rollback = sqlite.prepare('rollback');
  const savepoint = sqlite.prepare('savepoint batch_item');
  const release = sqlite.prepare('release batch_item');
  const rollbackTo = sqlite.prepare('rollback to batch_item');
  return {
    begin: () => void begin.run(),
    commit: () => void commit.run(),
    rollback: () => {
      if (sqlite.inTransaction) rollback.run();
    },
    savepoint: () => void savepoint.run(),
    release: () => void release.run(),
    rollbackToSavepoint: () => void rollbackTo.run(),
    inTransaction: () => sqlite.inTransaction,
    // Not a cached statement: SQLite applies `pragma synchronous = X` when the statement is
    // prepared, so re-running a prepared one does not reliably set the level again. exec()
    // prepares and runs it in one native call, without the statement object and result rows
    // pragma() builds (about a quarter of the cost; a transfer switches the level 8 times).
    relaxSync: (relaxed) =>
      sqlite.exec(relaxed ? 'pragma synchronous = NORMAL' : 'pragma synchronous = FULL'),
  };
}

/**
 * Runs a compiled statement on better-sqlite3 directly, without Kysely's connection
 * machinery (its mutex and several promise hops per query cost more than the small
 * statements of a transfer; decision 0039). Allowed only where it cannot slip into another
 * caller's transaction:
 * - on a pinned connection (`withTransaction`, `withRelaxedDurability`): while it is
 *   pinned, nothing else uses the connection;
 * - on the database itself for a readonly statement while no transaction is open: the
 *   connection is one and JavaScript runs one statement at a time, so the read sees only
 *   committed rows, and a read does not care which synchronous level is set.
 * Anything else (a write outside a pinned connection, any query while a transaction is
 * open) answers undefined and goes through Kysely, which waits for the connection.
 */
interface SqliteDirect {
  sqlite: BetterSqlite3.Database;
  statements: StatementCache;
  pinned: boolean;
}
const sqliteDirects = new WeakMap<object, SqliteDirect>();

export function runSqliteDirect<R>(
  executor: object,
  sqlText: string,
  parameters: readonly unknown[],
): QueryResult<R> | undefined {
  const direct = sqliteDirects.get(executor);
  if (!direct) return undefined;
  const statement = direct.statements.prepare(sqlText);
  // `readonly`, not `reader`: an `insert ... returning` answers rows but writes.
  if (!direct.pinned && (!statement.readonly || direct.sqlite.inTransaction)) return undefined;
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** While `pinned` (`db`'s connection, held by withTransaction or withRelaxedDurability) is in use. */
function pinSqliteDirect(db: object, pinned: object): void {
  const direct = sqliteDirects.get(db);
  if (direct) sqliteDirects.set(pinned, { ...direct, pinned: true });
}

function unpinSqliteDirect(pinned: object): void {
  sqliteDirects.delete(pinned);
}

/** Remembers which dialect an executor (db, transaction or pinned connection) speaks. */
export function registerDialect(executor: object, dialect: DialectName): void {
  dialects.set(executor, dialect);
}

export function dialectOf(executor: object): DialectName {
  const dialect = dialects.get(executor);
  if (!dialect) throw new Error('executor was not created by createDatabase or withTransaction');
  return dialect;
}

/** int8 (bigint, money in satang) as a JS number; refuses values beyond 2^53 rather than round. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint value out of safe range: ${value}`);
  return n;
}

const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openSqlite(path: string): BetterSqlite3.Database {
  // 0600 before SQLite opens it: the -wal and -shm it creates take the file's mode (0118).
  if (path !== ':memory:' && !path.startsWith('file:')) privateSqliteFiles(path);
  const sqlite = new BetterSqlite3(path);
  // WAL for concurrent readers, FULL so an acknowledged commit survives power loss,
  // busy_timeout so a second process waits for the write lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A commit batch runs each transaction in a savepoint, whose sub-journal keeps a copy of
  // every page the transaction changes: in memory, not in a temporary file written with a
  // pwrite a page and deleted at each commit (that file was 14% of a transfer's CPU;
  // decision 0111). Sorts and temporary tables of large reports are kept in memory too.
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running the
 * small statements we send, so the prepared statements are kept by SQL text (bounded: the
 * query shapes are fixed by the code; `in (...)` lists of many lengths are the only churn).
 * Safe because better-sqlite3 runs a statement to completion before the call returns and
 * Kysely never streams here (no `.stream()` in the code).
 */
export interface StatementCache {
  close(): void;
  prepare(sqlText: string): BetterSqlite3.Statement;
}

export function withStatementCache(sqlite: BetterSqlite3.Database, max = 500): StatementCache {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sqlText: string) => {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function newPool(config: pg.PoolConfig & { pipeline?: boolean }): pg.Pool {
  const pool = new pg.Pool(config);
  // A connection dropped under us (PostgreSQL restarted, its backend killed, the network
  // cut) is reported as an 'error' event; unhandled, Node would end the whole server. The
  // query in flight rejects on its own (the request answers 5xx) and the pool replaces
  // the client, so the event only needs a listener. Found by T4 (postmaster kill -9).
  const ignoreDroppedConnection = () => undefined;
  pool.on('error', ignoreDroppedConnection);
  pool.on('connect', (client) => client.on('error', ignoreDroppedConnection));
  return pool;
}

/**
 * How a database's connections are used, for the metrics (decision 0105). PostgreSQL: each
 * pg.Pool (`main`, and `relaxed` for withRelaxedDurability). SQLite: the one connection
 * (`idle` 0 while a transaction holds it) and the transactions waiting for it.
 */
export interface PoolStats {
  pool: string;
  max: number;
  total: number;
  idle: number;
  waiting: number;
}
const poolStats = new WeakMap<object, () => PoolStats[]>();

export function poolStatsOf(db: object): PoolStats[] {
  return poolStats.get(db)?.() ?? [];
}

const commitBatchers = new WeakMap<object, CommitBatcher>();

/** SQLite: the commit batcher every write transaction goes through (decision 0111). */
export function commitBatcherOf(db: object): CommitBatcher | undefined {
  return commitBatchers.get(db);
}

const pgPoolStats = (name: string, pool: pg.Pool, max: number): PoolStats => ({
  pool: name,
  max,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export function createDatabase(config: Pick<Config, 'database'>): Db {
  let db: Db;
  if (config.database.kind === 'postgres') {
    const connectionString = config.database.url;
    // Pipeline mode (pg-pipeline.ts, decision 0111): BEGIN and deferred writes leave with the
    // next awaited statement; the relaxed statements of concurrent requests share a connection.
    const pool = newPool({ connectionString, max: 10, types: pgTypes, pipeline: true });
    const relaxedPool = newPool({
      connectionString,
      max: 1,
      types: pgTypes,
      options: '-c synchronous_commit=off',
      pipeline: true,
    });
    const relaxedClient = new SharedPipelinedClient(relaxedPool);
    // Kysely ends the pool it was given when the database is destroyed: both end together.
    const pools = {
      connect: async () => pipelinedClient(await pool.connect()),
      end: async () => {
        await relaxedClient.end();
        await Promise.all([pool.end(), relaxedPool.end()]);
      },
    };
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools }) });
    registerDialect(db, 'postgres');
    const relaxed = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: { connect: () => relaxedClient.connect(), end: async () => undefined },
      }),
    });
    registerDialect(relaxed, 'postgres');
    relaxedPostgres.set(db, relaxed);
    poolStats.set(db, () => [
      pgPoolStats('main', pool, 10),
      pgPoolStats('relaxed', relaxedPool, 1),
    ]);
  } else {
    ensureSqliteFolder(config as Config);
    const sqlite = openSqlite(config.database.path);
    const statements = withStatementCache(sqlite);
    const journal = sqlite.pragma('journal_mode', { simple: true });
    const flusher =
      journal === 'wal' && !sqlite.memory ? new WalFlusher(`${sqlite.name}-wal`) : undefined;
    // Kysely closes the database it was given when it is destroyed: the flusher's kept WAL
    // file closes with it.
    const closing: StatementCache = {
      prepare: (sqlText) => statements.prepare(sqlText),
      close: () => {
        void flusher?.close().catch(() => undefined);
        statements.close();
      },
    };
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: closing }) });
    registerDialect(db, 'sqlite');
    sqliteDirects.set(db, { sqlite, statements, pinned: false });
    const control = sqliteControl(sqlite);
    const root = db;
    const batcher = new CommitBatcher({
      ...control,
      // Without a WAL file to flush (:memory:), every commit stays at FULL.
      relaxSync: (relaxed) => {
        if (flusher) control.relaxSync(relaxed);
      },
      withConnection: (work) =>
        root.connection().execute(async (conn) => {
          registerDialect(conn, 'sqlite');
          pinSqliteDirect(root, conn);
          try {
            return await work(conn);
          } finally {
            unpinSqliteDirect(conn);
          }
        }),
      flush: flusher ? () => flusher.flush() : undefined,
    });
    commitBatchers.set(db, batcher);
    poolStats.set(db, () => [
      {
        pool: 'sqlite',
        max: 1,
        total: 1,
        idle: sqlite.inTransaction ? 0 : 1,
        waiting: batcher.waiting,
      },
    ]);
    if (flusher) flushers.set(db, flusher);
  }
  return db;
}
