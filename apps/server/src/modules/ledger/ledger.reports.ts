// Read-only sums over the ledger for the operator's dashboard and reports (decision 0094).
// Times are ISO-8601 UTC text on both dialects, so the first 13 characters name the UTC hour
// (`2025-06-01T17`); Bangkok days are whole hours apart from UTC days, so callers bucket the
// hours into Bangkok days without any date function of either database.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Currency, LedgerAccountKind } from '../../db/schema';

/** The postings of one UTC hour, one event and one pair of accounts, summed. */
export interface HourlyMovement {
  /** `YYYY-MM-DDTHH` (UTC). */
  hour: string;
  event: string;
  debitKind: LedgerAccountKind;
  creditKind: LedgerAccountKind;
  /**
   * Shared accounts (world, house, provider) by the account's code, its shard rows together
   * (decision 0101); null for a member's account.
   */
  debitCode: string | null;
  creditCode: string | null;
  /** Distinct transactions. */
  transactions: number;
  /** Integer minor units. */
  amount: number;
}

/** Postings of transactions made in [fromIso, toIso), in one currency, by UTC hour. */
export async function movementsByHour(
  db: Db,
  range: { fromIso: string; toIso: string; currency: Currency },
): Promise<HourlyMovement[]> {
  const result = await sql<{
    hour: string;
    event: string;
    debit_kind: LedgerAccountKind;
    credit_kind: LedgerAccountKind;
    debit_code: string | null;
    credit_code: string | null;
    n: number | string;
    amount: number | string;
  }>`
    select substr(t.created_at, 1, 13) as hour, t.event,
      da.kind as debit_kind, ca.kind as credit_kind,
      case when da.member_id is null then coalesce(da.shard_of, da.code) end as debit_code,
      case when ca.member_id is null then coalesce(ca.shard_of, ca.code) end as credit_code,
      count(distinct t.id) as n, sum(e.amount) as amount
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join ledger_accounts da on da.id = e.debit_account_id
    join ledger_accounts ca on ca.id = e.credit_account_id
    where t.created_at >= ${range.fromIso} and t.created_at < ${range.toIso}
      and da.currency = ${range.currency}
    group by substr(t.created_at, 1, 13), t.event, da.kind, ca.kind,
      case when da.member_id is null then coalesce(da.shard_of, da.code) end,
      case when ca.member_id is null then coalesce(ca.shard_of, ca.code) end`.execute(db);
  return result.rows.map((r) => ({
    hour: r.hour,
    event: r.event,
    debitKind: r.debit_kind,
    creditKind: r.credit_kind,
    debitCode: r.debit_code,
    creditCode: r.credit_code,
    transactions: Number(r.n),
    amount: Number(r.amount),
  }));
}

/** Debits and credits of one account kind, integer minor units. */
export interface KindMovement {
  debits: number;
  credits: number;
}

/**
 * Per account kind, what was debited and credited by transactions made in [fromIso, toIso)
 * (either bound may be left out), in one currency.
 */
export async function movementsByKind(
  db: Db,
  range: { fromIso?: string; toIso?: string; currency: Currency },
): Promise<Map<LedgerAccountKind, KindMovement>> {
  const window = sql`${range.fromIso ? sql`and t.created_at >= ${range.fromIso}` : sql``}
    ${range.toIso ? sql`and t.created_at < ${range.toIso}` : sql``}`;
  const result = await sql<{ kind: LedgerAccountKind; side: string; amount: number | string }>`
    select a.kind, m.side, sum(m.amount) as amount from (
      select e.debit_account_id as account_id, 'debit' as side, e.amount
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where 1 = 1 ${window}
      union all
      select e.credit_account_id as account_id, 'credit' as side, e.amount
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where 1 = 1 ${window}
    ) m join ledger_accounts a on a.id = m.account_id
    where a.currency = ${range.currency}
    group by a.kind, m.side`.execute(db);
  const kinds = new Map<LedgerAccountKind, KindMovement>();
  for (const r of result.rows) {
    const row = kinds.get(r.kind) ?? { debits: 0, credits: 0 };
    if (r.side === 'debit') row.debits += Number(r.amount);
    else row.credits += Number(r.amount);
    kinds.set(r.kind, row);
  }
  return kinds;
}

/** The stored (trigger-maintained) balances summed per account kind, in one currency. */
export async function storedBalancesByKind(
  db: Db,
  currency: Currency,
): Promise<Map<LedgerAccountKind, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', (eb) => eb.fn.sum<number | string>('balance').as('total')])
    .where('currency', '=', currency)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.total)]));
}

/** How many ledger transactions in one currency were made in [fromIso, toIso). */
export async function countTransactions(
  db: Db,
  range: { fromIso: string; toIso: string; currency: Currency },
): Promise<number> {
  const result = await sql<{ n: number | string }>`
    select count(distinct t.id) as n
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.debit_account_id
    where t.created_at >= ${range.fromIso} and t.created_at < ${range.toIso}
      and a.currency = ${range.currency}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
