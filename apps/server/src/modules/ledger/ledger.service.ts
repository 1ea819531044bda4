// The only writer of balances and postings (architecture.md "Money"). Deposits, transfers,
// withdrawals, bonuses and refunds call `post`; corrections call `reverse`. Both run inside
// the caller's withTransaction so a business step and its money move commit together.
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/database';
import { isInTransaction } from '../../db/transaction';
import type { LedgerAccountRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import type { AccountSpec } from './ledger.accounts';
import { DuplicatePostingError, InsufficientFundsError, LedgerMisuseError } from './ledger.errors';
import * as repo from './ledger.repository';
import type { PlacedSpec } from './ledger.shards';
import { isMemberCode, placeOnRow, placeOnShard } from './ledger.shards';

export interface EntryInput {
  debit: AccountSpec;
  credit: AccountSpec;
  /** Integer minor units (satang), > 0. */
  amount: number;
}

export interface PostInput {
  event: string;
  actor: string;
  entries: readonly EntryInput[];
  /** Scoped by the caller, e.g. `member:12:<Idempotency-Key>`; UNIQUE in the database. */
  idempotencyKey?: string;
  /** An outside party's id (gateway txn id, slip reference, provider ref); UNIQUE. */
  externalRef?: string;
  memo?: string;
}

export interface PostedTransaction {
  transactionId: number;
  /**
   * Balance of every touched row after the transaction, by row code: a member account's
   * balance by its code; for a house, provider or world account only the shard the posting
   * used (`provider:PG#5/64`); its total is balanceOf's (decision 0101).
   */
  balances: ReadonlyMap<string, number>;
}

interface PlacedEntry {
  debit: PlacedSpec;
  credit: PlacedSpec;
  amount: number;
}

function requireTransaction(db: Db): void {
  if (!isInTransaction(db)) throw new LedgerMisuseError('post only inside withTransaction');
}

async function openAccounts(
  trx: Db,
  clock: Clock,
  specs: readonly PlacedSpec[],
): Promise<Map<string, LedgerAccountRow>> {
  const byCode = new Map(specs.map((s) => [s.code, s]));
  const codes = [...byCode.keys()];
  // Locked and read under the lock in one statement (in id order: deadlock-free).
  let rows = await repo.lockAccountsByCode(trx, codes);
  if (rows.length < codes.length) {
    const createdAt = isoNow(clock);
    for (const spec of byCode.values()) {
      if (!rows.some((r) => r.code === spec.code))
        await repo.insertAccountIfMissing(trx, spec, createdAt);
    }
    rows = await repo.lockAccountsByCode(trx, codes);
  }
  for (const row of rows) {
    const spec = byCode.get(row.code);
    if (spec) checkIdentity(row, spec);
  }
  return new Map(rows.map((r) => [r.code, r]));
}

function checkIdentity(row: LedgerAccountRow, spec: PlacedSpec): void {
  if (row.kind !== spec.kind || row.currency !== spec.currency)
    throw new LedgerMisuseError(`account ${row.code} exists with another kind or currency`);
}

/**
 * Posts one balanced transaction. Throws InsufficientFundsError when a member account would
 * go below zero (nothing is written), DuplicatePostingError when the idempotency key or
 * external reference was posted before.
 */
export async function post(trx: Db, clock: Clock, input: PostInput): Promise<PostedTransaction> {
  requireTransaction(trx);
  validateEntries(input.entries);
  // The posting's member picks the shard of its house, provider and world accounts.
  const member = input.entries.flatMap((e) => [e.debit, e.credit]).find((s) => s.memberId !== null);
  const memberId = member?.memberId ?? null;
  const placed = input.entries.map((e) => ({
    debit: placeOnShard(e.debit, memberId),
    credit: placeOnShard(e.credit, memberId),
    amount: e.amount,
  }));
  return postPlaced(trx, clock, input, placed, null);
}

function validateEntries(entries: readonly EntryInput[]): void {
  if (entries.length === 0) throw new LedgerMisuseError('a transaction needs entries');
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount <= 0) {
      throw new LedgerMisuseError(`amount must be a positive integer, got ${String(e.amount)}`);
    }
    if (e.debit.code === e.credit.code) throw new LedgerMisuseError('debit equals credit');
    if (e.debit.currency !== e.credit.currency) throw new LedgerMisuseError('mixed currencies');
  }
}

async function postPlaced(
  trx: Db,
  clock: Clock,
  input: Omit<PostInput, 'entries'>,
  entries: readonly PlacedEntry[],
  reversesId: number | null,
): Promise<PostedTransaction> {
  if (entries.length === 1 && reversesId === null && dialectOf(trx) === 'postgres') {
    const posted = await postOneOnPostgres(trx, clock, input, entries[0]!);
    if (posted) return posted;
  }
  const specs = entries.flatMap((e) => [e.debit, e.credit]);
  const accountsByCode = await openAccounts(trx, clock, specs);
  const balances = new Map([...accountsByCode].map(([code, row]) => [code, row.balance]));
  const planned = entries.map((e) => {
    const debitAfter = (balances.get(e.debit.code) ?? 0) - e.amount;
    const creditAfter = (balances.get(e.credit.code) ?? 0) + e.amount;
    balances.set(e.debit.code, debitAfter);
    balances.set(e.credit.code, creditAfter);
    return { ...e, debitAfter, creditAfter };
  });
  for (const [code, balance] of balances) {
    const row = accountsByCode.get(code);
    if (row && !row.allow_negative && balance < 0) throw new InsufficientFundsError(code);
  }

  const transactionId = await repo.insertTransactionUnlessTaken(trx, {
    event: input.event,
    actor: input.actor,
    idempotencyKey: input.idempotencyKey ?? null,
    externalRef: input.externalRef ?? null,
    reversesId,
    memo: input.memo ?? null,
    createdAt: isoNow(clock),
  });
  if (transactionId === undefined) return throwDuplicate(trx, input, reversesId);

  for (const p of planned) {
    await repo.insertEntry(trx, {
      transactionId,
      debitAccountId: accountsByCode.get(p.debit.code)!.id,
      creditAccountId: accountsByCode.get(p.credit.code)!.id,
      amount: p.amount,
      debitBalanceAfter: p.debitAfter,
      creditBalanceAfter: p.creditAfter,
    });
  }
  return { transactionId, balances };
}

/**
 * PostgreSQL, one entry (decision 0111): the whole posting in one round trip. Undefined when
 * an account does not exist yet: nothing was written, and the general path opens it.
 */
async function postOneOnPostgres(
  trx: Db,
  clock: Clock,
  input: Omit<PostInput, 'entries'>,
  entry: PlacedEntry,
): Promise<PostedTransaction | undefined> {
  const { debit, credit, amount } = entry;
  const { before, transactionId } = await repo.postOneEntry(
    trx,
    { debitCode: debit.code, creditCode: credit.code, amount },
    {
      event: input.event,
      actor: input.actor,
      idempotencyKey: input.idempotencyKey ?? null,
      externalRef: input.externalRef ?? null,
      memo: input.memo ?? null,
      createdAt: isoNow(clock),
    },
  );
  const debitRow = before.find((r) => r.code === debit.code);
  const creditRow = before.find((r) => r.code === credit.code);
  if (!debitRow || !creditRow) return undefined;
  checkIdentity(debitRow, debit);
  checkIdentity(creditRow, credit);
  const debitAfter = debitRow.balance - amount;
  if (!debitRow.allow_negative && debitAfter < 0) throw new InsufficientFundsError(debitRow.code);
  if (transactionId === undefined) return throwDuplicate(trx, input, null);
  return {
    transactionId,
    balances: new Map([
      [debit.code, debitAfter],
      [credit.code, creditRow.balance + amount],
    ]),
  };
}

/** The UNIQUE key a refused transaction insert conflicted on, thrown as DuplicatePostingError. */
async function throwDuplicate(
  trx: Db,
  input: Omit<PostInput, 'entries'>,
  reversesId: number | null,
): Promise<never> {
  const candidates = [
    ['idempotency_key', input.idempotencyKey],
    ['external_ref', input.externalRef],
    ['reverses_id', reversesId],
  ] as const;
  for (const [field, value] of candidates) {
    if (value === undefined || value === null) continue;
    const existing = await repo.findTransactionIdBy(trx, field, value);
    if (existing !== undefined) throw new DuplicatePostingError(field, value, existing);
  }
  throw new LedgerMisuseError('transaction insert conflicted on no known key');
}

/**
 * Corrects a transaction by posting its mirror image (postings are never changed), on the
 * very rows the original used (the same shards, whatever LEDGER_SHARDS is now). A
 * transaction can be reversed once (UNIQUE reverses_id). `specsByCode` is keyed by account
 * code (`provider:PG`, never a shard's).
 */
export async function reverse(
  trx: Db,
  clock: Clock,
  input: { transactionId: number; event: string; actor: string; memo?: string },
  specsByCode: ReadonlyMap<string, AccountSpec>,
): Promise<PostedTransaction> {
  requireTransaction(trx);
  const entries = await repo.findEntriesOfTransaction(trx, input.transactionId);
  if (entries.length === 0) throw new LedgerMisuseError(`no transaction ${input.transactionId}`);
  const spec = (code: string) => {
    const s = specsByCode.get(code);
    if (!s) throw new LedgerMisuseError(`no spec given for account ${code}`);
    return s;
  };
  const mirrored = [...entries].reverse().map((e) => ({
    debit: placeOnRow(spec(e.creditShardOf ?? e.creditCode), {
      code: e.creditCode,
      shard_of: e.creditShardOf,
      shard: e.creditShard,
      shard_count: e.creditShardCount,
    }),
    credit: placeOnRow(spec(e.debitShardOf ?? e.debitCode), {
      code: e.debitCode,
      shard_of: e.debitShardOf,
      shard: e.debitShard,
      shard_count: e.debitShardCount,
    }),
    amount: e.amount,
  }));
  return postPlaced(
    trx,
    clock,
    {
      event: input.event,
      actor: input.actor,
      ...(input.memo !== undefined ? { memo: input.memo } : {}),
    },
    mirrored,
    input.transactionId,
  );
}

/**
 * Current balances of the given account codes (0 for accounts not opened yet); a house,
 * provider or world account's is the sum of its shard rows.
 */
export async function balancesOf(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const result = new Map(codes.map((c) => [c, 0]));
  const own = codes.filter(isMemberCode);
  const shared = codes.filter((c) => !isMemberCode(c));
  for (const row of await repo.findAccountsByCode(db, own)) result.set(row.code, row.balance);
  for (const row of await repo.sumSharedBalances(db, shared)) result.set(row.code, row.total);
  return result;
}

/**
 * The ids of every row of the given accounts (a shared account's shards too), by account
 * code; for readers that walk entries (the refund's period flows).
 */
export async function accountIdsOf(
  db: Db,
  codes: readonly string[],
): Promise<Map<string, number[]>> {
  const result = new Map<string, number[]>();
  for (const row of await repo.findAccountIds(db, codes)) {
    const ids = result.get(row.account) ?? [];
    ids.push(Number(row.id));
    result.set(row.account, ids);
  }
  return result;
}

export async function balanceOf(db: Db, code: string): Promise<number> {
  return (await balancesOf(db, [code])).get(code) ?? 0;
}
