// Queries only. The ledger service is the only caller; no other module writes these tables.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { LedgerAccountRow } from '../../db/schema';
import type { PlacedSpec } from './ledger.shards';

export async function insertAccountIfMissing(db: Db, spec: PlacedSpec, createdAt: string) {
  await db
    .insertInto('ledger_accounts')
    .values({
      code: spec.code,
      kind: spec.kind,
      member_id: spec.memberId,
      currency: spec.currency,
      allow_negative: spec.allowNegative ? 1 : 0,
      created_at: createdAt,
      shard_of: spec.shardOf,
      shard: spec.shard,
      shard_count: spec.shardCount,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * Shared accounts by their code, every shard row summed (decision 0101): the balance of
 * `provider:PG` is the sum of `provider:PG` and its `provider:PG#k/N` rows.
 */
export async function sumSharedBalances(
  db: Db,
  codes: readonly string[],
): Promise<{ code: string; total: number }[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_accounts')
    .select((eb) => [
      eb.fn.coalesce('shard_of', 'code').as('account'),
      eb.fn.sum<number | string>('balance').as('total'),
    ])
    .where((eb) => eb.or([eb('code', 'in', codes), eb('shard_of', 'in', codes)]))
    .groupBy((eb) => eb.fn.coalesce('shard_of', 'code'))
    .execute();
  return rows.map((r) => ({ code: r.account, total: Number(r.total) }));
}

/** The ids of every row of the given accounts (all shards of a shared one), by account code. */
export async function findAccountIds(
  db: Db,
  codes: readonly string[],
): Promise<{ account: string; id: number }[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('ledger_accounts')
    .select((eb) => [eb.fn.coalesce('shard_of', 'code').as('account'), 'id'])
    .where((eb) => eb.or([eb('code', 'in', codes), eb('shard_of', 'in', codes)]))
    .orderBy('id')
    .execute();
}

export function findAccountsByCode(db: Db, codes: readonly string[]): Promise<LedgerAccountRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('ledger_accounts').selectAll().where('code', 'in', codes).execute();
}

function lockingSelect(db: Db, codes: readonly string[]) {
  const query = db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('code', 'in', codes)
    .orderBy('id');
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

// Most postings touch two accounts: that shape is compiled once (decision 0034).
const lockTwoAccounts = prepared(2, (db, a: string, b: string) => lockingSelect(db, [a, b]));

/**
 * The accounts by code, locked until the transaction ends and read under the lock, in one
 * statement. PostgreSQL: `FOR UPDATE` after `ORDER BY id`, so rows are locked in id order
 * (two transactions locking the same accounts cannot deadlock) and the balances read are
 * the latest committed ones. SQLite: BEGIN IMMEDIATE already holds the write lock.
 */
export function lockAccountsByCode(db: Db, codes: readonly string[]): Promise<LedgerAccountRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  if (codes.length === 2) return lockTwoAccounts.all(db, codes[0]!, codes[1]!);
  return lockingSelect(db, codes).execute();
}

// PostgreSQL, a posting of one entry between two existing accounts (decision 0111), in one
// statement: the accounts locked and read (in id order, as lockAccountsByCode), the
// transaction row and its entry inserted. The inserts happen only when both accounts exist
// and the debit side can pay (a member account may not go below zero), so a posting that
// the service will refuse writes nothing; `on conflict do nothing` leaves a taken key for
// the service to name, as insertTransaction does. The entry's balances after come from the
// locked rows, and the database's trigger checks them and moves the balances, as for any
// entry. `locked` is read before the inserts, which refer to it.
const postOneEntryQuery = prepared(
  9,
  (
    db,
    debitCode: string,
    creditCode: string,
    amount: number,
    event: string,
    actor: string,
    idempotencyKey: string | null,
    externalRef: string | null,
    memo: string | null,
    createdAt: string,
  ) => {
    const query = sql<LedgerAccountRow & { inserted_id: number | null; entries: number }>`
      with locked as (
        select * from ledger_accounts where code in (${debitCode}, ${creditCode})
        order by id for update
      ), inserted as (
        insert into ledger_transactions
          (event, actor, idempotency_key, external_ref, reverses_id, memo, created_at)
        select ${event}, ${actor}, ${idempotencyKey}, ${externalRef}, null, ${memo}, ${createdAt}
        where (select count(*) from locked) = 2
          and exists (
            select 1 from locked
            where code = ${debitCode} and (allow_negative or balance >= ${amount}::bigint)
          )
        on conflict do nothing
        returning id
      ), entry as (
        insert into ledger_entries (transaction_id, debit_account_id, credit_account_id,
          amount, debit_balance_after, credit_balance_after)
        select inserted.id, d.id, c.id, ${amount}::bigint, d.balance - ${amount}::bigint,
          c.balance + ${amount}::bigint
        from inserted, locked d, locked c
        where d.code = ${debitCode} and c.code = ${creditCode}
        returning id
      )
      select locked.*, (select id from inserted) as inserted_id,
        (select count(*)::int from entry) as entries
      from locked order by id`;
    return { compile: () => query.compile(db) };
  },
);

/**
 * PostgreSQL only: a posting of one entry in one round trip. Answers the two accounts as
 * they were before it (locked until the transaction ends) and the new transaction's id;
 * undefined when nothing was written: an account is missing, the money is not there, or a
 * UNIQUE key was taken.
 */
export async function postOneEntry(
  trx: Db,
  entry: { debitCode: string; creditCode: string; amount: number },
  row: {
    event: string;
    actor: string;
    idempotencyKey: string | null;
    externalRef: string | null;
    memo: string | null;
    createdAt: string;
  },
): Promise<{ before: LedgerAccountRow[]; transactionId: number | undefined }> {
  const rows = await postOneEntryQuery.all(
    trx,
    entry.debitCode,
    entry.creditCode,
    entry.amount,
    row.event,
    row.actor,
    row.idempotencyKey,
    row.externalRef,
    row.memo,
    row.createdAt,
  );
  const id = rows[0]?.inserted_id;
  if (id !== null && id !== undefined && rows[0]?.entries !== 1)
    throw new Error(`ledger: transaction ${id} was inserted without its entry`);
  return {
    before: rows.map(({ inserted_id: _id, entries: _entries, ...account }) => account),
    transactionId: id === null || id === undefined ? undefined : Number(id),
  };
}

const insertTransaction = prepared(
  7,
  (
    db,
    event: string,
    actor: string,
    idempotencyKey: string | null,
    externalRef: string | null,
    reversesId: number | null,
    memo: string | null,
    createdAt: string,
  ) =>
    db
      .insertInto('ledger_transactions')
      .values({
        event,
        actor,
        idempotency_key: idempotencyKey,
        external_ref: externalRef,
        reverses_id: reversesId,
        memo,
        created_at: createdAt,
      })
      // ON CONFLICT DO NOTHING rather than catching the violation: on PostgreSQL a failed
      // statement aborts the whole transaction, and the caller still names the first posting.
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
);

/** The transaction's id, or undefined when a UNIQUE key (idempotency, external, reverses) was taken. */
export async function insertTransactionUnlessTaken(
  db: Db,
  row: {
    event: string;
    actor: string;
    idempotencyKey: string | null;
    externalRef: string | null;
    reversesId: number | null;
    memo: string | null;
    createdAt: string;
  },
): Promise<number | undefined> {
  const inserted = await insertTransaction.first(
    db,
    row.event,
    row.actor,
    row.idempotencyKey,
    row.externalRef,
    row.reversesId,
    row.memo,
    row.createdAt,
  );
  return inserted === undefined ? undefined : Number(inserted.id);
}

const insertEntryQuery = prepared(
  6,
  (
    db,
    transactionId: number,
    debitAccountId: number,
    creditAccountId: number,
    amount: number,
    debitBalanceAfter: number,
    creditBalanceAfter: number,
  ) =>
    db.insertInto('ledger_entries').values({
      transaction_id: transactionId,
      debit_account_id: debitAccountId,
      credit_account_id: creditAccountId,
      amount,
      debit_balance_after: debitBalanceAfter,
      credit_balance_after: creditBalanceAfter,
    }),
);

export async function insertEntry(
  db: Db,
  entry: {
    transactionId: number;
    debitAccountId: number;
    creditAccountId: number;
    amount: number;
    debitBalanceAfter: number;
    creditBalanceAfter: number;
  },
): Promise<void> {
  // Its answer is not read (the balances after are checked by the database's trigger): in a
  // PostgreSQL transaction it leaves with the next statement (pg-pipeline.ts).
  await insertEntryQuery.defer(
    db,
    entry.transactionId,
    entry.debitAccountId,
    entry.creditAccountId,
    entry.amount,
    entry.debitBalanceAfter,
    entry.creditBalanceAfter,
  );
}

export async function findTransactionIdBy(
  db: Db,
  field: 'idempotency_key' | 'external_ref' | 'reverses_id',
  value: string | number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where(field, '=', value)
    .executeTakeFirst();
  return row?.id;
}

export function findEntriesOfTransaction(db: Db, transactionId: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
    .select([
      'e.id',
      'e.amount',
      'd.code as debitCode',
      'd.shard_of as debitShardOf',
      'd.shard as debitShard',
      'd.shard_count as debitShardCount',
      'c.code as creditCode',
      'c.shard_of as creditShardOf',
      'c.shard as creditShard',
      'c.shard_count as creditShardCount',
    ])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();
}
