// What a PostgreSQL statement costs this server is mostly its round trip: on loopback the
// socket write alone (`writev`, which delivers into the backend's socket in the same system
// call) was 41% of the main thread under the transfer bench, one per statement, 21 a
// transfer (decision 0111). The pg clients therefore run in pg's pipeline mode (a statement
// is written without waiting for the answer to the one before it) and several statements
// share one socket write:
// - inside a transaction, BEGIN and the statements marked deferrable (`prepared().defer`:
//   writes whose answer nobody reads) are not sent on their own: they are written together
//   with the next statement whose answer is awaited, or with the COMMIT. Their answers are
//   still read and checked: the first failure among them is what that next statement (or
//   the COMMIT) throws, so the transaction fails and rolls back exactly as if it had thrown
//   where the deferred statement was issued;
// - outside transactions, the relaxed statements of concurrent requests (idempotency claims
//   and stored answers: withRelaxedDurability) share one pipelined connection, and those
//   issued in the same turn of the event loop leave in one write.
// Named statements (prepared.ts) are planned once per connection, as before.
import pg from 'pg';

/**
 * The SQL texts `prepared()` compiles once, sent as named statements: the server parses and
 * plans such a statement once per connection instead of on every call (on this machine a
 * one-row session lookup went from ~7,000 to ~13,000-22,000 a second). Only those SQL texts
 * are named, a small fixed set, so each connection keeps a bounded number.
 */
const statementNames = new Map<string, string>();
/**
 * SQL texts `prepared().defer` sends, written with the next awaited statement in a
 * transaction, and the number of rows each must change (undefined: any number).
 */
const deferrableTexts = new Map<string, number | undefined>();

export function nameStatement(sqlText: string): void {
  if (!statementNames.has(sqlText))
    statementNames.set(sqlText, `wallet_q${statementNames.size + 1}`);
}

/**
 * The deferred form of a prepared statement: its SQL with a comment that tells the pipeline
 * to defer it (and, with `rows`, how many rows it must change), named on first use.
 */
export function deferredForm(sqlText: string, rows?: number): string {
  const text = `${sqlText} /* deferred${rows === undefined ? '' : `, ${rows} row`} */`;
  if (!deferrableTexts.has(text)) {
    nameStatement(text);
    deferrableTexts.set(text, rows);
  }
  return text;
}

// What Kysely sends to open and end a transaction (withTransaction: read committed).
const BEGIN_TEXTS = new Set(['begin', 'start transaction isolation level read committed']);
const COMMIT = 'commit';
const ROLLBACK = 'rollback';

type QueryResult = { command: string; rowCount: number | null; rows: unknown[] };
type RawQuery = (...args: unknown[]) => Promise<QueryResult>;

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The socket under a pg client (pg keeps it on `connection.stream`). */
function socketOf(client: pg.PoolClient): Corkable {
  return (client as unknown as { connection: { stream: Corkable } }).connection.stream;
}

const noop = () => undefined;

/** The client's `query`, with named statements, and with deferred BEGIN and writes in a transaction. */
class TransactionPipeline {
  private inTransaction = false;
  private corked = false;
  private pending: Promise<QueryResult>[] = [];

  constructor(
    private readonly raw: RawQuery,
    private readonly socket: Corkable,
  ) {}

  query(args: unknown[]): Promise<QueryResult> {
    const [text] = args;
    if (args.length === 2 && typeof text === 'string') {
      if (BEGIN_TEXTS.has(text)) {
        this.inTransaction = true;
        return this.defer(args, 'BEGIN');
      }
      if (this.inTransaction && deferrableTexts.has(text))
        return this.defer(args, 'DEFERRED', deferrableTexts.get(text));
      if (text === COMMIT || text === ROLLBACK) this.inTransaction = false;
      return this.awaited(args, text !== ROLLBACK);
    }
    return this.awaited(args, true);
  }

  /** Written into the corked socket; its answer is checked with the next awaited statement. */
  private defer(args: unknown[], command: string, rows?: number): Promise<QueryResult> {
    if (!this.corked) {
      this.socket.cork();
      this.corked = true;
    }
    const sent = send(this.raw, args);
    // A statement that must change a given number of rows fails the transaction otherwise.
    const answer =
      rows === undefined
        ? sent
        : sent.then((result) => {
            if (result.rowCount !== rows)
              throw new Error(`expected ${rows} row changed, got ${result.rowCount}: ${args[0]}`);
            return result;
          });
    answer.catch(noop);
    this.pending.push(answer);
    return Promise.resolve({ command, rowCount: null, rows: [] });
  }

  /**
   * Sent with everything deferred before it in one socket write. A deferred statement's
   * failure is thrown instead of this statement's answer (after a failure in a transaction
   * PostgreSQL refuses what follows, and turns COMMIT into a rollback) unless this is the
   * ROLLBACK, which ends the transaction either way.
   */
  private awaited(args: unknown[], reportDeferred: boolean): Promise<QueryResult> {
    const answer = send(this.raw, args);
    this.release();
    if (this.pending.length === 0) return answer;
    const deferred = this.pending;
    this.pending = [];
    return Promise.allSettled(deferred).then((outcomes) => {
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed && reportDeferred) {
        answer.catch(noop);
        throw failed.reason;
      }
      return answer;
    });
  }

  /** Writes whatever is corked (also when the connection goes back to the pool). */
  release(): void {
    if (!this.corked) return;
    this.corked = false;
    this.socket.uncork();
  }

  /** Back in the pool: nothing may stay corked or pending, and no transaction is open. */
  reset(): void {
    this.release();
    this.inTransaction = false;
    for (const answer of this.pending.splice(0)) answer.catch(noop);
  }
}

/**
 * Sends `query(text, values)` (Kysely's only form) as a pg Query made from the text, named
 * when prepared.ts compiled it: pg copies a config object with its property descriptors on
 * every call (3% of a transfer's CPU), a text it takes as it is.
 */
function send(raw: RawQuery, args: unknown[]): Promise<QueryResult> {
  const [text, values] = args;
  if (args.length !== 2 || typeof text !== 'string') return raw(...args);
  return new Promise((resolve, reject) => {
    const query = new pg.Query(text, values as unknown[]) as pg.Query & {
      name?: string;
      callback?: (error: Error | null, result: QueryResult) => void;
    };
    const name = statementNames.get(text);
    if (name) query.name = name;
    query.callback = (error, result) => (error ? reject(error) : resolve(result));
    void raw(query);
  });
}

const pipelines = new WeakMap<object, TransactionPipeline>();

/**
 * A client of the main pool as Kysely gets it: its `query` goes through its pipeline (set up
 * once per client), and its `release` writes and forgets whatever a failed transaction left.
 */
export function pipelinedClient(client: pg.PoolClient): pg.PoolClient {
  let pipeline = pipelines.get(client);
  if (!pipeline) {
    const raw = client.query.bind(client) as unknown as RawQuery;
    const created = new TransactionPipeline(raw, socketOf(client));
    pipelines.set(client, created);
    client.query = ((...args: unknown[]) => created.query(args)) as typeof client.query;
    pipeline = created;
  }
  // pg-pool sets `release` afresh at every checkout.
  const release = client.release.bind(client);
  const used = pipeline;
  client.release = ((error?: Error | boolean) => {
    used.reset();
    release(error);
  }) as typeof client.release;
  return client;
}

/**
 * One pipelined connection shared by every caller, for single autocommit statements (the
 * relaxed pool: withRelaxedDurability). Statements issued in the same turn of the event loop
 * leave in one socket write; their answers come back in order. A connection that fails is
 * dropped and the next statement opens another.
 */
export class SharedPipelinedClient {
  private opened: Promise<SharedConnection> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /** For Kysely's PostgresDialect: a client whose `release` keeps it for the next caller. */
  async connect(): Promise<pg.PoolClient> {
    const opened = (this.opened ??= this.pool
      .connect()
      .then((client) => new SharedConnection(client, () => this.forget(opened))));
    try {
      return (await opened).shared;
    } catch (error) {
      this.forget(opened);
      throw error;
    }
  }

  private forget(opened: Promise<SharedConnection>): void {
    if (this.opened === opened) this.opened = undefined;
  }

  /** Gives the connection back to its pool (the pool's end closes it). */
  async end(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    (await opened?.catch(() => undefined))?.giveBack();
  }
}

class SharedConnection {
  readonly shared: pg.PoolClient;
  private given = false;

  constructor(
    private readonly client: pg.PoolClient,
    onDropped: () => void,
  ) {
    const raw = client.query.bind(client) as unknown as RawQuery;
    const socket = socketOf(client);
    let corked = false;
    const uncork = () => {
      corked = false;
      socket.uncork();
    };
    // What Kysely's PostgresConnection uses of a client: query and release.
    this.shared = {
      query: (...args: unknown[]) => {
        if (!corked) {
          corked = true;
          socket.cork();
          setImmediate(uncork);
        }
        return send(raw, args);
      },
      // Kept: the next caller shares it.
      release: () => undefined,
    } as unknown as pg.PoolClient;
    // A dead connection is destroyed; the next statement opens another.
    const drop = () => {
      onDropped();
      this.giveBack(true);
    };
    client.once('error', drop);
    client.once('end', drop);
  }

  giveBack(destroy = false): void {
    if (this.given) return;
    this.given = true;
    this.client.release(destroy);
  }
}
