// Queries only. The ledger service is the only caller; no other module writes these tables.
import type { Db } from '../../db/database';
import type { LedgerAccountRow } from '../../db/schema';
import type { AccountSpec } from './ledger.accounts';

export async function insertAccountIfMissing(db: Db, spec: AccountSpec, createdAt: string) {
  await db
    .insertInto('ledger_accounts')
    .values({
      code: spec.code,
      kind: spec.kind,
      member_id: spec.memberId,
      currency: spec.currency,
      allow_negative: spec.allowNegative ? 1 : 0,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export function findAccountsByCode(db: Db, codes: readonly string[]): Promise<LedgerAccountRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('ledger_accounts').selectAll().where('code', 'in', codes).execute();
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
    .select(['e.id', 'e.amount', 'd.code as debitCode', 'c.code as creditCode'])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();
}
