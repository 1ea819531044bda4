// Kysely builds and compiles a query on every call; for the few queries on the hottest
// paths (the session of every request, the wallet answer, the ledger's posting) that cost
// more than running them (decision 0034). `prepared` builds such a query once per dialect
// with placeholder arguments, keeps the compiled SQL, and afterwards only swaps the
// arguments into its parameter list. The builder callback stays fully type-checked. On
// PostgreSQL the SQL is also sent as a named statement, planned once per connection; on
// SQLite it runs on better-sqlite3 directly where that is safe (runSqliteDirect).
import { CompiledQuery } from 'kysely';
import type { Compilable } from 'kysely';
import type { Db, DialectName } from './database';
import { dialectOf, runSqliteDirect } from './database';
import { deferredForm, nameStatement } from './pg-pipeline';

/** Stands for the i-th argument while the query is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

export interface PreparedQuery<A extends unknown[], R> {
  all(db: Db, ...args: A): Promise<R[]>;
  first(db: Db, ...args: A): Promise<R | undefined>;
  /** For inserts, updates and deletes: the number of rows the statement changed. */
  run(db: Db, ...args: A): Promise<number>;
  /**
   * For a write whose answer nobody reads: inside a PostgreSQL transaction it leaves with the
   * next awaited statement or the COMMIT (pg-pipeline.ts), and a failure fails that statement,
   * so the transaction rolls back all the same. Elsewhere it runs like `run`.
   */
  defer(db: Db, ...args: A): Promise<void>;
  /**
   * Like `defer`, for a write that must change exactly one row: otherwise it fails (on
   * PostgreSQL at the next awaited statement or the COMMIT), and so does the transaction.
   */
  deferOne(db: Db, ...args: A): Promise<void>;
}

/**
 * `arity` is the number of arguments; every argument must reach the query as a plain bound
 * value (a comparison or a limit), never as a list or an identifier: checked when the query
 * is first compiled.
 */
export function prepared<A extends unknown[], R>(
  arity: A['length'],
  build: (db: Db, ...args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  const compiled = new Map<DialectName, CompiledQuery<R>>();
  const compile = (db: Db): CompiledQuery<R> => {
    const dialect = dialectOf(db);
    let query = compiled.get(dialect);
    if (!query) {
      const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
      query = build(db, ...(placeholders as unknown as A)).compile();
      const used = new Set(
        query.parameters.filter((p) => p instanceof Placeholder).map((p) => p.index),
      );
      if (used.size !== arity) throw new Error(`prepared query uses ${used.size}/${arity} args`);
      if (dialect === 'postgres') nameStatement(query.sql);
      compiled.set(dialect, query);
    }
    return query;
  };
  const execute = (db: Db, args: A, deferred?: 'any' | 'one') => {
    const query = compile(db);
    const parameters = query.parameters.map((p) => (p instanceof Placeholder ? args[p.index] : p));
    const direct = runSqliteDirect<R>(db, query.sql, parameters);
    if (direct) return Promise.resolve(direct);
    // The deferred forms differ by a comment: the pipeline tells them apart by their text.
    const text =
      deferred === undefined || dialectOf(db) !== 'postgres'
        ? query.sql
        : deferredForm(query.sql, deferred === 'one' ? 1 : undefined);
    return db.executeQuery<R>(CompiledQuery.raw(text, parameters));
  };
  const all = async (db: Db, ...args: A): Promise<R[]> => (await execute(db, args)).rows;
  return {
    all,
    first: async (db, ...args) => (await all(db, ...args))[0],
    run: async (db, ...args) => Number((await execute(db, args)).numAffectedRows ?? 0),
    defer: async (db, ...args) => {
      await execute(db, args, 'any');
    },
    deferOne: async (db, ...args) => {
      const result = await execute(db, args, 'one');
      // Checked here where the statement ran at once (SQLite, or outside a transaction).
      const changed = result.numAffectedRows;
      if (changed !== undefined && changed !== 1n)
        throw new Error(`expected 1 row changed, got ${changed}: ${compile(db).sql}`);
    },
  };
}
