// `ledger check`: verifies every invariant of architecture.md "Money" from the stored rows
// alone. Every money test ends with it; `npm run ledger:check` runs it against any database.
// The database already refuses violations; this routine proves it after the fact (and
// would catch a migration or a manual edit that slipped past).
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { shardCode } from './ledger.shards';

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
    .select([
      'id',
      'code',
      'kind',
      'member_id',
      'currency',
      'balance',
      'allow_negative',
      'shard_of',
      'shard',
      'shard_count',
    ])
    .orderBy('id')
    .execute();
  const accountById = new Map(accounts.map((a) => [a.id, a]));

  // Shards (decision 0101): a shard row k > 0 of N is `<code>#<k>/<N>` with shard_of = code,
  // no member, and the same kind, currency and allow_negative as its account's other rows
  // (shard 0 when it exists); every other row is shard 0 of 1.
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const firstShard = new Map<string, (typeof accounts)[number]>();
  for (const a of accounts) {
    if (a.shard_of === null) {
      if (Number(a.shard) !== 0 || Number(a.shard_count) !== 1)
        note(`account ${a.code}: shard ${a.shard}/${a.shard_count} without shard_of`);
      continue;
    }
    const shard = Number(a.shard);
    const count = Number(a.shard_count);
    if (!(shard >= 1 && shard < count) || a.code !== shardCode(a.shard_of, shard, count))
      note(`account ${a.code}: not shard ${shard}/${count} of ${a.shard_of}`);
    if (a.member_id !== null) note(`account ${a.code}: a shard row names member ${a.member_id}`);
    const reference = byCode.get(a.shard_of) ?? firstShard.get(a.shard_of);
    if (!reference) firstShard.set(a.shard_of, a);
    else if (
      reference.kind !== a.kind ||
      reference.currency !== a.currency ||
      Boolean(reference.allow_negative) !== Boolean(a.allow_negative)
    )
      note(`account ${a.code}: kind, currency or allow_negative differ from ${reference.code}`);
  }

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
  // Per transaction: its members, and the shard rows k > 0 it touched (checked below).
  const membersOf = new Map<number, number[]>();
  const shardTouches: { entryId: number; transactionId: number; accountId: number }[] = [];
  const entries = await db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'transaction_id',
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
    for (const accountId of [e.debit_account_id, e.credit_account_id]) {
      const account = accountById.get(accountId);
      if (account?.member_id != null) {
        const members = membersOf.get(e.transaction_id) ?? [];
        members.push(account.member_id);
        membersOf.set(e.transaction_id, members);
      } else if (account?.shard_of != null) {
        shardTouches.push({ entryId: e.id, transactionId: e.transaction_id, accountId });
      }
    }
  }
  // A posting on shard k > 0 of N is its member's shard: member id mod N = k. (Shard 0 is
  // every posting without a member and every member whose id mod N is 0, for any N: not
  // checkable, and it needs no check: it is the account's own row.)
  for (const touch of shardTouches) {
    const account = accountById.get(touch.accountId)!;
    const count = Number(account.shard_count);
    const members = membersOf.get(touch.transactionId) ?? [];
    if (!members.some((m) => m % count === Number(account.shard)))
      note(
        `entry ${touch.entryId}: on ${account.code}, not the shard of the member of transaction ${touch.transactionId}`,
      );
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
