// Four-eyes adjustments (decision 0089): a second operator approves or rejects a pending
// adjustment request. Approval posts the ledger transaction exactly once: the request row is
// locked and moved out of `pending` in the same transaction, and the posting's ledger key is
// the request's id (`adjustment-request:<id>`, unique in the ledger), so two approvers at
// once post once; the other is refused (409 NO_DATA).
import type { AdjustmentRequest } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { lockRows, withTransaction } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { findMemberForMoney } from '../account';
import { getSetting, setSetting } from '../settings';
import { AdjustmentError, alreadyDecided } from './adjustments.errors';
import * as repo from './adjustments.repository';
import { postAdjustment } from './adjustments.service';

const ref = (id: number | null, username: string | null, displayName: string | null) =>
  id === null || username === null ? null : { id, username, displayName: displayName || username };

export function toRequest(row: repo.RequestListRow): AdjustmentRequest {
  return {
    id: row.id,
    memberId: row.member_no,
    memberName: row.member_name,
    amount: satangToBaht(Number(row.amount)),
    direction: row.direction,
    reason: row.reason,
    status: row.status,
    requestedBy: ref(row.requester_id, row.requester_username, row.requester_display_name)!,
    requestedAt: row.requested_at,
    decidedBy: ref(row.decider_id, row.decider_username, row.decider_display_name),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
  };
}

export async function listRequests(
  deps: Pick<AppDeps, 'db'>,
  query: { status: AdjustmentRequest['status'] | 'all'; page: number; pageSize: number },
): Promise<{ rows: AdjustmentRequest[]; total: number; page: number }> {
  const { rows, total } = await repo.listRequests(deps.db, {
    status: query.status,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { rows: rows.map(toRequest), total, page: query.page };
}

async function requestAnswer(db: Db, id: number): Promise<AdjustmentRequest> {
  const row = await repo.findRequestRow(db, id);
  if (!row) throw new AdjustmentError('NO_DATA');
  return toRequest(row);
}

/** The locked pending request, or why it cannot be decided by this operator. */
async function pendingFor(trx: Db, operator: OperatorAuth, id: number) {
  await lockRows(trx, 'adjustment_requests', 'id', [id]);
  const request = await repo.findRequest(trx, id);
  if (!request) throw new AdjustmentError('NO_DATA');
  if (request.requested_by === operator.operatorId) throw new AdjustmentError('UNAUTHORIZED');
  if (request.status !== 'pending') throw alreadyDecided();
  return request;
}

export interface Decided {
  before: AdjustmentRequest;
  request: AdjustmentRequest;
}

/** Approves and posts; a debit the wallet cannot cover is refused and stays pending. */
export async function approveRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
): Promise<Decided & { balance: number }> {
  return withTransaction(deps.db, async (trx) => {
    const request = await pendingFor(trx, operator, id);
    const before = await requestAnswer(trx, id);
    const member = await findMemberForMoney(trx, { id: request.member_id });
    if (!member) throw new AdjustmentError('NO_USER');
    const posted = await postAdjustment(trx, deps.clock, member, {
      amount: Number(request.amount),
      direction: request.direction,
      reason: request.reason,
      actor: `operator:${operator.operatorId}`,
      idempotencyKey: `adjustment-request:${id}`,
    });
    // Posted before under this key (cannot happen while the row was pending): refuse.
    if (posted.transactionId === null) throw alreadyDecided();
    const decided = await repo.decideRequest(trx, id, {
      status: 'approved',
      decided_by: operator.operatorId,
      decided_at: isoNow(deps.clock),
      decision_reason: null,
      transaction_id: posted.transactionId,
    });
    if (!decided) throw alreadyDecided();
    return { before, request: await requestAnswer(trx, id), balance: posted.balance };
  });
}

export async function rejectRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
  reason: string,
): Promise<Decided> {
  return withTransaction(deps.db, async (trx) => {
    await pendingFor(trx, operator, id);
    const before = await requestAnswer(trx, id);
    const decided = await repo.decideRequest(trx, id, {
      status: 'rejected',
      decided_by: operator.operatorId,
      decided_at: isoNow(deps.clock),
      decision_reason: reason,
      transaction_id: null,
    });
    if (!decided) throw alreadyDecided();
    return { before, request: await requestAnswer(trx, id) };
  });
}

/** The threshold in satang. */
export function approvalThreshold(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return getSetting(deps.db, 'adjustmentApprovalThreshold');
}

/** Sets the threshold (satang); answers the value it replaced. */
export async function setApprovalThreshold(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  satang: number,
): Promise<number> {
  return withTransaction(deps.db, async (trx) => {
    const before = await getSetting(trx, 'adjustmentApprovalThreshold');
    await setSetting(trx, deps.clock, 'adjustmentApprovalThreshold', satang);
    return before;
  });
}
