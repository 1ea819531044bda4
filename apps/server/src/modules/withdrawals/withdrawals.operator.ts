// The operator console's withdrawals queue (issue 13, decision 0090): the rich list, and
// "retry payout", which makes a paying withdrawal due now for the payout reconcile flow
// (src/reconcile). The flow asks the rail about our reference first and re-sends that same
// reference only when the rail never saw it, so a retry can never pay twice.
import type { OperatorWithdrawal, PayoutState, WithdrawalStatusValue } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import type { WithdrawalRow } from '../../db/schema';
import { bangkokDayStart } from '../../lib/bangkok-day';
import { isoNow } from '../../lib/clock';
import { expedite } from '../../reconcile';
import { memberIdByNoOrPhone, memberSummaries } from '../account';
import { operatorUsernames } from '../operator';
import { NotPayingError, WithdrawalError } from './withdrawals.errors';
import * as repo from './withdrawals.repository';

export function payoutState(row: WithdrawalRow): PayoutState {
  switch (row.status) {
    case 'WAITING':
      return 'awaiting_decision';
    case 'REJECTED':
      return 'not_sent';
    case 'PAID':
      return 'paid';
    case 'FAILED':
      return 'refused';
    case 'PROCESSING':
      return row.last_error === null ? 'sending' : 'unknown';
  }
}

/** Rows as the console shows them: member, bank, decision and payout state. */
export async function operatorView(db: Db, rows: WithdrawalRow[]): Promise<OperatorWithdrawal[]> {
  const [members, operators] = await Promise.all([
    memberSummaries(
      db,
      rows.map((r) => r.member_id),
    ),
    operatorUsernames(
      db,
      rows.map((r) => r.decided_by),
    ),
  ]);
  return rows.map((r) => ({
    id: r.ref,
    member: members.get(r.member_id) ?? { memberNo: '', name: '', phone: '' },
    bank: { code: r.bank_code, accountNo: r.bank_account_no, accountName: r.bank_account_name },
    amount: satangToBaht(Number(r.amount)),
    status: r.status,
    reviewReason: r.review_reason,
    createdAt: r.created_at,
    decidedBy: r.decided_by === null ? null : (operators.get(r.decided_by) ?? null),
    decidedAt: r.decided_at,
    reason: r.decision_reason,
    payout: {
      state: payoutState(r),
      attempts: Number(r.attempts),
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      settledAt: r.settled_at,
    },
  }));
}

export interface QueueQuery {
  status?: WithdrawalStatusValue;
  /** Member number or phone. */
  member?: string;
  /** One member's rows (the console's member page, decision 0088). */
  memberId?: number;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export async function listQueue(
  deps: Pick<AppDeps, 'db'>,
  query: QueueQuery,
): Promise<{ rows: OperatorWithdrawal[]; total: number; page: number }> {
  let memberId = query.memberId;
  if (query.member) {
    memberId = await memberIdByNoOrPhone(deps.db, query.member);
    // Nobody by that number or phone: an empty page, not an error.
    if (memberId === undefined) return { rows: [], total: 0, page: query.page };
  }
  const { rows, total } = await repo.searchQueue(
    deps.db,
    {
      ...(query.status ? { status: query.status } : {}),
      ...(memberId !== undefined ? { memberId } : {}),
      ...(query.from ? { fromAt: bangkokDayStart(query.from) } : {}),
      ...(query.to ? { toAt: bangkokDayStart(query.to, 1) } : {}),
    },
    query.page,
    query.pageSize,
  );
  return { rows: await operatorView(deps.db, rows), total, page: query.page };
}

/** One withdrawal as the console shows it; 404 NO_DATA for an unknown reference. */
export async function findForOperator(db: Db, ref: string): Promise<OperatorWithdrawal> {
  const row = await repo.findByRef(db, ref);
  if (!row) throw new WithdrawalError('NO_DATA');
  const [view] = await operatorView(db, [row]);
  return view!;
}

/**
 * "Retry payout": a PROCESSING withdrawal becomes due now for the payout flow (it was
 * waiting for its backoff). Anything else is 409 NO_DATA (nothing to retry: waiting for a
 * decision, rejected, paid or refused), an unknown reference 404 NO_DATA. Asking twice is
 * harmless: the row is due now either way.
 */
export async function retryPayout(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ref: string,
): Promise<{ before: OperatorWithdrawal; after: OperatorWithdrawal }> {
  const row = await repo.findByRef(deps.db, ref);
  if (!row) throw new WithdrawalError('NO_DATA');
  if (row.status !== 'PROCESSING') throw new NotPayingError();
  const [before] = await operatorView(deps.db, [row]);
  const open = await expedite(deps.db, 'withdrawals', row.id, isoNow(deps.clock));
  // Settled between the read and the write: say so rather than pretend a retry was queued.
  if (!open) throw new NotPayingError();
  return { before: before!, after: await findForOperator(deps.db, ref) };
}
