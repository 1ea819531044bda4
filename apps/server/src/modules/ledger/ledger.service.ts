// The only writer of balances and postings (architecture.md "Money"). Deposits, transfers,
// withdrawals, bonuses and refunds call `post`; corrections call `reverse`. Both run inside
// the caller's withTransaction so a business step and its money move commit together.
import type { Db } from '../../db/database';
import { isInTransaction } from '../../db/transaction';
import type { LedgerAccountRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import type { AccountSpec } from './ledger.accounts';
import { DuplicatePostingError, InsufficientFundsError, LedgerMisuseError } from './ledger.errors';
import * as repo from './ledger.repository';

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
  /** Balance of every touched account after the transaction, by account code. */
  balances: ReadonlyMap<string, number>;
}

function requireTransaction(db: Db): void {
  if (!isInTransaction(db)) throw new LedgerMisuseError('post only inside withTransaction');
}

async function openAccounts(
  trx: Db,
  clock: Clock,
  specs: readonly AccountSpec[],
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
    if (spec && (row.kind !== spec.kind || row.currency !== spec.currency)) {
      throw new LedgerMisuseError(`account ${row.code} exists with another kind or currency`);
    }
  }
  return new Map(rows.map((r) => [r.code, r]));
}

/**
 * Posts one balanced transaction. Throws InsufficientFundsError when a member account would
 * go below zero (nothing is written), DuplicatePostingError when the idempotency key or
 * external reference was posted before.
 */
export async function post(
  trx: Db,
  clock: Clock,
  input: PostInput,
  reversesId: number | null = null,
): Promise<PostedTransaction> {
  requireTransaction(trx);
  if (input.entries.length === 0) throw new LedgerMisuseError('a transaction needs entries');
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount <= 0) {
      throw new LedgerMisuseError(`amount must be a positive integer, got ${String(e.amount)}`);
    }
    if (e.debit.code === e.credit.code) throw new LedgerMisuseError('debit equals credit');
    if (e.debit.currency !== e.credit.currency) throw new LedgerMisuseError('mixed currencies');
  }

  const specs = input.entries.flatMap((e) => [e.debit, e.credit]);
  const accountsByCode = await openAccounts(trx, clock, specs);
  const balances = new Map([...accountsByCode].map(([code, row]) => [code, row.balance]));
  const planned = input.entries.map((e) => {
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
  if (transactionId === undefined) {
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
 * Corrects a transaction by posting its mirror image (postings are never changed). A
 * transaction can be reversed once (UNIQUE reverses_id).
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
  return post(
    trx,
    clock,
    {
      event: input.event,
      actor: input.actor,
      ...(input.memo !== undefined ? { memo: input.memo } : {}),
      entries: [...entries]
        .reverse()
        .map((e) => ({ debit: spec(e.creditCode), credit: spec(e.debitCode), amount: e.amount })),
    },
    input.transactionId,
  );
}

/** Current balances of the given account codes (0 for accounts not opened yet). */
export async function balancesOf(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await repo.findAccountsByCode(db, codes);
  const result = new Map(codes.map((c) => [c, 0]));
  for (const row of rows) result.set(row.code, row.balance);
  return result;
}

export async function balanceOf(db: Db, code: string): Promise<number> {
  return (await balancesOf(db, [code])).get(code) ?? 0;
}
