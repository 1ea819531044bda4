// One member's accounts and the postings on them, for the console's member page (decision
// 0088): the cash and hold balances, and the ledger tab. Shared accounts are named by their
// code, their shard rows together (decision 0101).
import type { ResponseFor, api } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';
import type { LedgerAccountKind } from '../../db/schema';

export type MemberLedgerRow = ResponseFor<typeof api.operatorMembers.ledger>['rows'][number];

export interface MemberAccount {
  id: number;
  kind: LedgerAccountKind;
  /** Integer minor units. */
  balance: number;
  /** The code without the member's prefix: `cash`, `hold:<purpose>`. */
  label: string;
}

/** The member's own ledger accounts (cash and holds). */
export async function memberAccounts(db: Db, memberId: number): Promise<MemberAccount[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'kind', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  const prefix = `member:${memberId}:`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    balance: Number(r.balance),
    label: r.code.startsWith(prefix) ? r.code.slice(prefix.length) : r.code,
  }));
}

/** Every entry on the member's cash or holds, newest first, signed from the member's side. */
export async function memberEntries(
  db: Db,
  memberId: number,
  window: PageWindow,
): Promise<{ rows: MemberLedgerRow[]; total: number }> {
  const accounts = await memberAccounts(db, memberId);
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await pageOf(
    db
      .selectFrom('ledger_entries as e')
      .where((eb) =>
        eb.or([eb('e.debit_account_id', 'in', ids), eb('e.credit_account_id', 'in', ids)]),
      ),
    (q) =>
      q
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
        .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
        .select([
          'e.id',
          'e.transaction_id',
          'e.amount',
          'e.debit_account_id',
          'e.credit_account_id',
          'e.debit_balance_after',
          'e.credit_balance_after',
          't.event',
          't.actor',
          't.external_ref',
          't.memo',
          't.created_at',
          (eb) => eb.fn.coalesce('d.shard_of', 'd.code').as('debit_code'),
          (eb) => eb.fn.coalesce('c.shard_of', 'c.code').as('credit_code'),
        ])
        .orderBy('e.id', 'desc'),
    window,
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return {
    total,
    rows: rows.map((r) => {
      const debit = byId.get(r.debit_account_id);
      const credit = byId.get(r.credit_account_id);
      // Between two of the member's own accounts (a hold and its release), the cash side.
      const fromDebit =
        debit !== undefined && (credit === undefined || debit.kind === 'member_cash');
      const amount = Number(r.amount);
      return {
        entryId: r.id,
        transactionId: r.transaction_id,
        at: r.created_at,
        event: r.event,
        actor: r.actor,
        account: (fromDebit ? debit : credit)?.label ?? '',
        counterparty: fromDebit ? r.credit_code : r.debit_code,
        amount: satangToBaht(fromDebit ? -amount : amount),
        balanceAfter: satangToBaht(
          Number(fromDebit ? r.debit_balance_after : r.credit_balance_after),
        ),
        externalRef: r.external_ref,
        memo: r.memo,
      };
    }),
  };
}
