// The console's QR and gift-link lists (issue 13, decision 0091): read only, newest first,
// by status, member (number or phone) and Bangkok day. Amounts leave as baht.
import type { OperatorGiftRow, OperatorQrRow } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import type { GiftRedemptionStatus, QrDepositStatus } from '../../db/schema';
import { bangkokDayStart } from '../../lib/bangkok-day';
import * as repo from './deposits.repository';

type Deps = Pick<AppDeps, 'db'>;

interface ListQuery<S> {
  page: number;
  pageSize: number;
  status?: S | undefined;
  member?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function filterOf<S extends string>(query: ListQuery<S>): repo.OperatorDepositFilter<S> {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.member ? { member: query.member } : {}),
    ...(query.from ? { fromAt: bangkokDayStart(query.from) } : {}),
    ...(query.to ? { toAt: bangkokDayStart(query.to, 1) } : {}),
  };
}

export async function listQrDeposits(
  deps: Deps,
  query: ListQuery<QrDepositStatus>,
): Promise<{ rows: OperatorQrRow[]; total: number; page: number }> {
  const { rows, total } = await repo.qrPageForOperator(deps.db, filterOf(query), query);
  return {
    rows: rows.map((row) => ({
      reference: row.ref,
      memberNo: row.member_no,
      memberName: row.member_name,
      gateway: row.gateway,
      amount: satangToBaht(Number(row.amount)),
      status: row.status,
      createdAt: row.created_at,
      paidAt: row.paid_at,
      gatewayTxnId: row.txn_id,
      lastError: row.last_error,
    })),
    total,
    page: query.page,
  };
}

export async function listGiftLinks(
  deps: Deps,
  query: ListQuery<GiftRedemptionStatus>,
): Promise<{ rows: OperatorGiftRow[]; total: number; page: number }> {
  const { rows, total } = await repo.giftPageForOperator(deps.db, filterOf(query), query);
  return {
    rows: rows.map((row) => ({
      reference: row.ref,
      memberNo: row.member_no,
      memberName: row.member_name,
      amount: satangToBaht(Number(row.amount)),
      status: row.status,
      createdAt: row.created_at,
      creditedAt: row.credited_at,
      failureReason: row.status === 'CREDITED' ? null : row.last_error,
    })),
    total,
    page: query.page,
  };
}

/**
 * The member's QR deposits and gift-link redemptions as stored, newest first: the operator
 * lists with the member's filter, for the console's member page (its deposits tab, decision
 * 0088). A page size of 0 counts them.
 */
export function qrDepositsOfMember(db: Db, memberId: number, window: PageWindow) {
  return repo.qrPageForOperator(db, { memberId }, window);
}

export function giftLinksOfMember(db: Db, memberId: number, window: PageWindow) {
  return repo.giftPageForOperator(db, { memberId }, window);
}
