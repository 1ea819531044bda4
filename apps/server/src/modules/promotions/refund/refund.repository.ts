// Queries of the refund (migration 0015) and its reads of the ledger: what entered and left
// a member's wallet and holds in a period, and their balances at its edges (each entry
// carries the balance after it on both sides). Read only: the ledger module alone writes.
import type { Db } from '../../../db/database';
import { pageOf } from '../../../db/paging';
import type { Currency, RefundReceiptRow } from '../../../db/schema';

/** Satang moved from `from` accounts to `to` accounts by transactions in [since, until). */
export async function flow(
  db: Db,
  from: readonly number[],
  to: readonly number[],
  since: string,
  until: string,
): Promise<number> {
  if (from.length === 0 || to.length === 0) return 0;
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select((eb) => eb.fn.sum<number | string | null>('e.amount').as('total'))
    .where('e.debit_account_id', 'in', [...from])
    .where('e.credit_account_id', 'in', [...to])
    .where('t.created_at', '>=', since)
    .where('t.created_at', '<', until)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The account's balance just before `at`: the balance after its last earlier entry. */
export async function balanceBefore(db: Db, accountId: number, at: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['e.debit_account_id', 'e.debit_balance_after', 'e.credit_balance_after'])
    .where((eb) =>
      eb.or([eb('e.debit_account_id', '=', accountId), eb('e.credit_account_id', '=', accountId)]),
    )
    .where('t.created_at', '<', at)
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  return Number(
    row.debit_account_id === accountId ? row.debit_balance_after : row.credit_balance_after,
  );
}

export function findReceipt(
  db: Db,
  memberId: number,
  periodKey: string,
): Promise<RefundReceiptRow | undefined> {
  return db
    .selectFrom('refund_receipts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('period_start', '=', periodKey)
    .executeTakeFirst();
}

export function unmovedReceipts(db: Db, memberId: number): Promise<RefundReceiptRow[]> {
  return db
    .selectFrom('refund_receipts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('moved_at', 'is', null)
    .orderBy('period_start')
    .execute();
}

export async function insertReceipt(
  db: Db,
  receipt: {
    memberId: number;
    periodKey: string;
    currency: Currency;
    netLoss: number;
    amount: number;
    receivedAt: string;
  },
): Promise<void> {
  await db
    .insertInto('refund_receipts')
    .values({
      member_id: receipt.memberId,
      period_start: receipt.periodKey,
      currency: receipt.currency,
      net_loss: receipt.netLoss,
      amount: receipt.amount,
      received_at: receipt.receivedAt,
      moved_at: null,
      grant_id: null,
    })
    .execute();
}

/** Marks the receipt moved by `grantId`; false when it was moved already. */
export async function markMoved(
  db: Db,
  receiptId: number,
  grantId: number,
  movedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refund_receipts')
    .set({ moved_at: movedAt, grant_id: grantId })
    .where('id', '=', receiptId)
    .where('moved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listReceipts(
  db: Db,
  memberId: number,
  page: { page: number; limit: number },
): Promise<{ total: number; rows: RefundReceiptRow[] }> {
  return pageOf(
    db.selectFrom('refund_receipts').where('member_id', '=', memberId),
    (q) => q.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc'),
    { page: page.page, pageSize: page.limit },
  );
}
