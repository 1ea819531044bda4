import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import {
  accounts,
  balanceOf,
  DuplicatePostingError,
  InsufficientFundsError,
  ledgerCheck,
  post,
  reverse,
} from './index';

async function memberId(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

forEachDialect('ledger', (get) => {
  const fund = (db: Db, id: number, amount: number, key?: string) =>
    withTransaction(db, (trx) =>
      post(trx, get().clock, {
        event: 'adjustment',
        actor: 'operator:1',
        ...(key ? { idempotencyKey: key } : {}),
        entries: [
          { debit: accounts.house('adjustments'), credit: accounts.memberCash(id), amount },
        ],
      }),
    );

  it('posts balanced transactions and keeps balances, balances-after and the check consistent', async () => {
    const { db, clock } = get();
    const id = await memberId(db, '0812345678');
    const posted = await fund(db, id, 10_000);
    expect(posted.balances.get(accounts.memberCash(id).code)).toBe(10_000);
    await withTransaction(db, (trx) =>
      post(trx, clock, {
        event: 'game_transfer',
        actor: `member:${id}`,
        entries: [
          {
            debit: accounts.memberCash(id),
            credit: accounts.memberHold(id, 'game'),
            amount: 2_550,
          },
          {
            debit: accounts.memberHold(id, 'game'),
            credit: accounts.provider('PG'),
            amount: 2_550,
          },
        ],
      }),
    );
    expect(await balanceOf(db, accounts.memberCash(id).code)).toBe(7_450);
    expect(await balanceOf(db, accounts.memberHold(id, 'game').code)).toBe(0);
    expect(await balanceOf(db, accounts.provider('PG').code)).toBe(2_550);
    const report = await ledgerCheck(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('refuses to take a member account below zero and writes nothing', async () => {
    const { db, clock } = get();
    const id = await memberId(db, '0812345678');
    const before = await balanceOf(db, accounts.memberCash(id).code);
    const entriesBefore = (await ledgerCheck(db)).entries;
    await expect(
      withTransaction(db, (trx) =>
        post(trx, clock, {
          event: 'withdraw_hold',
          actor: `member:${id}`,
          entries: [
            {
              debit: accounts.memberCash(id),
              credit: accounts.memberHold(id, 'withdraw'),
              amount: before + 1,
            },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(db, accounts.memberCash(id).code)).toBe(before);
    expect((await ledgerCheck(db)).entries).toBe(entriesBefore);
  });

  it('applies an idempotency key at most once and names the first transaction', async () => {
    const { db } = get();
    const id = await memberId(db, '0812345678');
    const before = await balanceOf(db, accounts.memberCash(id).code);
    const first = await fund(db, id, 500, `member:${id}:key-1`);
    const second = await fund(db, id, 500, `member:${id}:key-1`).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DuplicatePostingError);
    expect((second as DuplicatePostingError).existingTransactionId).toBe(first.transactionId);
    expect(await balanceOf(db, accounts.memberCash(id).code)).toBe(before + 500);
  });

  it('corrects by reversal, once', async () => {
    const { db, clock } = get();
    const id = await memberId(db, '0812345678');
    const before = await balanceOf(db, accounts.memberCash(id).code);
    const posted = await fund(db, id, 1_234);
    const specs = new Map(
      [accounts.house('adjustments'), accounts.memberCash(id)].map((s) => [s.code, s]),
    );
    const reversal = () =>
      withTransaction(db, (trx) =>
        reverse(
          trx,
          clock,
          {
            transactionId: posted.transactionId,
            event: 'adjustment_reversal',
            actor: 'operator:1',
          },
          specs,
        ),
      );
    await reversal();
    expect(await balanceOf(db, accounts.memberCash(id).code)).toBe(before);
    await expect(reversal()).rejects.toBeInstanceOf(DuplicatePostingError);
    expect((await ledgerCheck(db)).ok).toBe(true);
  });

  it('lets exactly one of 50 simultaneous full-balance debits win', async () => {
    const { db, clock } = get();
    const id = await memberId(db, '0812345678');
    const balance = await balanceOf(db, accounts.memberCash(id).code);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withTransaction(db, (trx) =>
          post(trx, clock, {
            event: 'withdraw_hold',
            actor: `member:${id}`,
            entries: [
              {
                debit: accounts.memberCash(id),
                credit: accounts.memberHold(id, 'withdraw'),
                amount: balance,
              },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(losers.every((r) => r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await balanceOf(db, accounts.memberCash(id).code)).toBe(0);
    expect((await ledgerCheck(db)).ok).toBe(true);
  });

  it('is append-only and refuses inconsistent rows at the database', async () => {
    const { db } = get();
    const id = await memberId(db, '0812345678');
    await fund(db, id, 300);
    const cash = await db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('code', '=', accounts.memberCash(id).code)
      .executeTakeFirstOrThrow();
    // The house row the member's postings use: its shard (decision 0101).
    const houseCode = accounts.house('adjustments').code;
    const house = await db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where((eb) => eb.or([eb('code', '=', houseCode), eb('shard_of', '=', houseCode)]))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await expect(sql`update ledger_entries set amount = amount + 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_transactions set actor = 'someone'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    const txn = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A one-sided or wrongly summed entry: the recorded balance-after must match.
    await expect(
      db
        .insertInto('ledger_entries')
        .values({
          transaction_id: txn.id,
          debit_account_id: house.id,
          credit_account_id: cash.id,
          amount: 100,
          debit_balance_after: house.balance - 100,
          credit_balance_after: cash.balance + 999,
        })
        .execute(),
    ).rejects.toThrow(/balance_after mismatch/);
    // Overdrawing a member account through a raw entry: the CHECK refuses it.
    await expect(
      db
        .insertInto('ledger_entries')
        .values({
          transaction_id: txn.id,
          debit_account_id: cash.id,
          credit_account_id: house.id,
          amount: cash.balance + 1,
          debit_balance_after: -1,
          credit_balance_after: house.balance + cash.balance + 1,
        })
        .execute(),
    ).rejects.toThrow(/check|constraint/i);
    await expect(
      sql`insert into ledger_entries (transaction_id, debit_account_id, credit_account_id, amount, debit_balance_after, credit_balance_after) values (${txn.id}, ${cash.id}, ${house.id}, 0, ${cash.balance}, ${house.balance})`.execute(
        db,
      ),
    ).rejects.toThrow(/check|constraint/i);
    expect((await ledgerCheck(db)).ok).toBe(true);
  });

  it('keeps cached balances writable only through entries (PostgreSQL) or catches tampering (check)', async () => {
    const { db, dialect } = get();
    const id = await memberId(db, '0812345678');
    await fund(db, id, 100);
    const tamper = sql`update ledger_accounts set balance = balance + 1 where code = ${accounts.memberCash(id).code}`;
    if (dialect === 'postgres') {
      await expect(tamper.execute(db)).rejects.toThrow(/only through entries/);
      expect((await ledgerCheck(db)).ok).toBe(true);
    } else {
      // SQLite has no trigger depth, so the database cannot tell the trigger from a tamper;
      // the check is what catches it. Undo afterwards so later suites start clean.
      await tamper.execute(db);
      const report = await ledgerCheck(db);
      expect(report.ok).toBe(false);
      expect(report.violations.join('\n')).toMatch(/entries sum to/);
      await sql`update ledger_accounts set balance = balance - 1 where code = ${accounts.memberCash(id).code}`.execute(
        db,
      );
      expect((await ledgerCheck(db)).ok).toBe(true);
    }
  });
});
