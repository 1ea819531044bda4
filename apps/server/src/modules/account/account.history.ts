// A member's payout-account history for the console's member page (decision 0088): the
// operator changes of the payout account (decision 0019, approved requests: 0116) and the
// member's own account-name fixes (0052), newest first. Both are a handful per member, so
// they are merged here rather than in SQL.
import type { ResponseFor, api } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { offsetOf } from '../../db/paging';

export type BankChangeRow = ResponseFor<typeof api.operatorMembers.bankChanges>['rows'][number];

export async function bankChangesOfMember(
  db: Db,
  memberId: number,
  window: PageWindow,
): Promise<{ rows: BankChangeRow[]; total: number }> {
  const [banks, names] = await Promise.all([
    db
      .selectFrom('member_bank_changes as b')
      .leftJoin('operators', 'operators.id', 'b.changed_by')
      .selectAll('b')
      .select('operators.username')
      .where('b.member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('member_account_name_changes')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute(),
  ]);
  const rows: BankChangeRow[] = [
    ...banks.map((b) => ({
      id: b.id,
      at: b.created_at,
      kind: 'bank' as const,
      operator: b.username,
      reason: b.reason,
      before: {
        bankCode: b.old_bank_code,
        accountNo: b.old_bank_account_no,
        accountName: b.old_bank_account_name,
      },
      after: {
        bankCode: b.new_bank_code,
        accountNo: b.new_bank_account_no,
        accountName: b.new_bank_account_name,
      },
    })),
    ...names.map((n) => ({
      id: n.id,
      at: n.created_at,
      kind: 'account_name' as const,
      operator: null,
      reason: null,
      before: { bankCode: null, accountNo: null, accountName: n.old_name },
      after: { bankCode: null, accountNo: null, accountName: n.new_name },
    })),
  ].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
  const from = offsetOf(window);
  return { total: rows.length, rows: rows.slice(from, from + window.pageSize) };
}

/** How many members this member invited. */
export async function countInvitees(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('invited_by', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
