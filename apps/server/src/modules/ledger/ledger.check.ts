// `ledger check`: verifies every invariant of architecture.md "Money" from the stored rows
// alone. Every money test ends with it; `npm run ledger:check` runs it against any database.
// The database already refuses violations; this routine proves it after the fact (and
// would catch a migration or a manual edit that slipped past).
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LedgerCheckReport {
  ok: boolean;
  accounts: number;
  transactions: number;
  entries: number;
  violations: string[];
}

const MAX_LISTED = 20;

export async function ledgerCheck(db: Db): Promise<LedgerCheckReport> {
  const violations: string[] = [];
  const note = (message: string) => {
    if (violations.length < MAX_LISTED) violations.push(message);
    else if (violations.length === MAX_LISTED) violations.push('... more violations omitted');
  };

  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'balance', 'allow_negative'])
    .orderBy('id')
    .execute();

  // 2. cached balance = credits - debits; 3. no member account below zero.
  const sums = await sql<{ account_id: number; total: number }>`
    select account_id, sum(delta) as total from (
      select credit_account_id as account_id, amount as delta from ledger_entries
      union all
      select debit_account_id as account_id, -amount as delta from ledger_entries
    ) moves group by account_id`.execute(db);
  const totals = new Map(sums.rows.map((r) => [Number(r.account_id), Number(r.total)]));
  let sumOfBalances = 0;
  for (const a of accounts) {
    const total = totals.get(a.id) ?? 0;
    sumOfBalances += a.balance;
    if (total !== a.balance)
      note(`account ${a.code}: balance ${a.balance} but entries sum to ${total}`);
    if (!a.allow_negative && a.balance < 0)
      note(`account ${a.code}: negative balance ${a.balance}`);
  }
  // 1. every entry is debit = credit, so all balances together are zero.
  if (sumOfBalances !== 0) note(`balances sum to ${sumOfBalances}, not 0`);

  // 7. balances-after form an unbroken running sum per account, in entry order.
  const running = new Map<number, number>();
  const entries = await db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'debit_account_id',
      'credit_account_id',
      'amount',
      'debit_balance_after',
      'credit_balance_after',
    ])
    .orderBy('id')
    .execute();
  for (const e of entries) {
    if (!(e.amount > 0)) note(`entry ${e.id}: amount ${e.amount} is not positive`);
    const debit = (running.get(e.debit_account_id) ?? 0) - e.amount;
    const credit = (running.get(e.credit_account_id) ?? 0) + e.amount;
    running.set(e.debit_account_id, debit);
    running.set(e.credit_account_id, credit);
    if (debit !== e.debit_balance_after)
      note(`entry ${e.id}: debit balance after ${e.debit_balance_after}, expected ${debit}`);
    if (credit !== e.credit_balance_after)
      note(`entry ${e.id}: credit balance after ${e.credit_balance_after}, expected ${credit}`);
  }

  // Every transaction has entries, an event and an actor; a reversal mirrors its original.
  const transactions = await db
    .selectFrom('ledger_transactions as t')
    .leftJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .select([
      't.id',
      't.event',
      't.actor',
      't.reverses_id',
      (eb) => eb.fn.count<number>('e.id').as('entryCount'),
    ])
    .groupBy(['t.id', 't.event', 't.actor', 't.reverses_id'])
    .execute();
  for (const t of transactions) {
    if (Number(t.entryCount) === 0) note(`transaction ${t.id}: has no entries`);
    if (!t.event || !t.actor) note(`transaction ${t.id}: missing event or actor`);
  }
  const reversals = transactions.filter((t) => t.reverses_id !== null);
  for (const r of reversals) {
    const net = await sql<{ account_id: number; net: number }>`
      select account_id, sum(delta) as net from (
        select credit_account_id as account_id, amount as delta from ledger_entries where transaction_id in (${r.id}, ${r.reverses_id})
        union all
        select debit_account_id as account_id, -amount as delta from ledger_entries where transaction_id in (${r.id}, ${r.reverses_id})
      ) moves group by account_id`.execute(db);
    if (net.rows.some((row) => Number(row.net) !== 0)) {
      note(`transaction ${r.id}: does not mirror transaction ${String(r.reverses_id)}`);
    }
  }

  return {
    ok: violations.length === 0,
    accounts: accounts.length,
    transactions: transactions.length,
    entries: entries.length,
    violations,
  };
}
