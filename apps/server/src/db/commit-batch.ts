// Commit batching for SQLite (decision 0111). The one connection runs one write transaction
// at a time, and each COMMIT writes every page the transaction dirtied to the WAL (a checksum
// and two pwrites a page) however few rows changed on it: a transfer's four commits wrote ~40
// pages. Transactions that are ready in the same turn of the event loop therefore run inside
// ONE SQLite transaction, each in a SAVEPOINT of its own:
// - a transaction that throws rolls back to its savepoint: only its own writes go, and the
//   others of the batch commit;
// - a transaction sees the writes of those before it in its batch, exactly as if they had
//   committed just before it (they run one after another, as before), and they all commit
//   together or not at all: nothing outside the batch sees them before the COMMIT, and a
//   failed COMMIT fails every transaction in it;
// - a transaction is answered only after the COMMIT, and a durable one only after a WAL
//   flush that started after it (group-commit.ts), as before.
// Pages shared by the batch (the tables' and the ordered indexes' last pages, the provider
// shard rows) are then written once per batch instead of once per transaction.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** database.ts's Db, named from its parts: this file imports nothing from database.ts. */
type Db = Kysely<Database>;

/**
 * Transaction control of the one SQLite connection, called directly on better-sqlite3 by
 * transaction.ts while it holds Kysely's pinned connection: the same statements Kysely would
 * send, without building and compiling them for every transaction (decision 0034).
 * database.ts implements it; it is declared here, where the batch drives it, so this file
 * needs nothing from database.ts (no import cycle: decision 0136).
 */
export interface SqliteControl {
  begin(): void;
  commit(): void;
  rollback(): void;
  /** One transaction of a commit batch (commit-batch.ts) runs inside its own savepoint. */
  savepoint(): void;
  release(): void;
  rollbackToSavepoint(): void;
  /** False once SQLite has rolled the whole transaction back by itself (I/O error, disk full). */
  inTransaction(): boolean;
  /** `synchronous = NORMAL` (group commit) or back to `FULL`. */
  relaxSync(relaxed: boolean): void;
}

export interface BatchItem {
  run: (conn: Db) => Promise<unknown>;
  /** Answered only once a WAL flush after the COMMIT has reached the disk. */
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The SQLite transaction control (database.ts), the connection, and the WAL flush. */
export interface BatchControl extends SqliteControl {
  /** Takes the one connection, runs `work` on it and gives it back. */
  withConnection<T>(work: (conn: Db) => Promise<T>): Promise<T>;
  /** The WAL flush of a durable item; undefined for a database without a WAL file. */
  flush: (() => Promise<void>) | undefined;
}

export class CommitBatcher {
  private queue: BatchItem[] = [];
  private scheduled = false;
  private running = false;
  /** Batches committed and transactions in them (tests and decision 0111's figures). */
  batches = 0;
  items = 0;

  constructor(
    private readonly control: BatchControl,
    private readonly maxItems = 64,
  ) {}

  /** Transactions waiting for the connection (the metrics' pool figure). */
  get waiting(): number {
    return this.queue.length;
  }

  submit<T>(run: (conn: Db) => Promise<T>, durable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, durable, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every transaction made ready by this turn's I/O
    // callbacks (requests, provider answers) is queued by then and joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.runBatch();
    });
  }

  private async runBatch(): Promise<void> {
    if (this.queue.length === 0) return;
    this.running = true;
    try {
      await this.control.withConnection((conn) => this.batch(conn));
    } catch {
      // Every item was answered by batch(); the connection's own failure reached them there.
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  private async batch(conn: Db): Promise<void> {
    const { control } = this;
    const done: { item: BatchItem; value: unknown }[] = [];
    const failAll = (error: unknown, items: readonly BatchItem[]) => {
      for (const item of items) item.reject(error);
    };
    // The transactions of this batch that had run: their writes went with SQLite's.
    const failDone = (error: unknown) =>
      failAll(
        error,
        done.splice(0).map((d) => d.item),
      );
    control.relaxSync(true);
    try {
      try {
        control.begin();
      } catch (error) {
        // SQLITE_BUSY past busy_timeout (another process writes): withTransaction retries.
        failAll(error, this.queue.splice(0, this.maxItems));
        return;
      }
      let taken = 0;
      while (this.queue.length > 0 && taken < this.maxItems) {
        const item = this.queue.shift()!;
        taken += 1;
        control.savepoint();
        try {
          const value = await item.run(conn);
          control.release();
          done.push({ item, value });
        } catch (error) {
          if (!control.inTransaction()) {
            // SQLite ended the transaction itself: the batch's earlier writes are gone too.
            item.reject(error);
            failDone(error);
            control.begin();
            continue;
          }
          try {
            control.rollbackToSavepoint();
            control.release();
          } finally {
            item.reject(error);
          }
        }
      }
      try {
        control.commit();
      } catch (error) {
        try {
          control.rollback();
        } finally {
          failDone(error);
        }
        return;
      }
    } finally {
      control.relaxSync(false);
    }
    this.batches += 1;
    this.items += done.length;
    const durable = done.filter((d) => d.item.durable);
    for (const d of done) if (!d.item.durable) d.item.resolve(d.value);
    if (durable.length === 0) return;
    const flushed = control.flush ? control.flush() : Promise.resolve();
    // Answered after the disk has them; the next batch does not wait for this flush.
    flushed.then(
      () => {
        for (const d of durable) d.item.resolve(d.value);
      },
      (error: unknown) =>
        failAll(
          error,
          durable.map((d) => d.item),
        ),
    );
  }
}
