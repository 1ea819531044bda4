// Four-eyes adjustments (decision 0089): a second operator approves or rejects a pending
// adjustment request, through the approval kernel (src/approvals, decision 0116). Approval
// posts the ledger transaction exactly once: the kernel locks the request row and moves it
// out of `pending` in the same transaction, and the posting's ledger key is the request's id
// (`adjustment-request:<id>`, unique in the ledger), so two approvers at once post once; the
// other is refused (409 NO_DATA).
import type { AdjustmentRequest } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import { alreadyDecided, decideRequest } from '../../approvals';
import type { Db } from '../../db/database';
import { isoNow } from '../../lib/clock';
import { findMemberForMoney } from '../account';
import { getSetting } from '../settings';
import { AdjustmentError } from './adjustments.errors';
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
  const { rows, total } = await repo.listRequests(deps.db, { status: query.status }, query);
  return { rows: rows.map(toRequest), total, page: query.page };
}

async function requestAnswer(db: Db, id: number): Promise<AdjustmentRequest> {
  const row = await repo.findRequestRow(db, id);
  if (!row) throw new AdjustmentError('NO_DATA');
  return toRequest(row);
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
  const decided = await decideRequest(deps, 'adjustment_requests', id, operator, {
    kind: 'approve',
    apply: async (trx, request) => {
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
      await repo.insertPosting(trx, {
        member_id: request.member_id,
        operator_id: request.requested_by,
        amount: Number(request.amount),
        direction: request.direction,
        request_id: id,
        transaction_id: posted.transactionId,
        created_at: isoNow(deps.clock),
      });
      return {
        result: { before, balance: posted.balance },
        set: { transaction_id: posted.transactionId },
      };
    },
  });
  const { before, balance } = decided.result!;
  return { before, request: await requestAnswer(deps.db, id), balance };
}

export async function rejectRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
  reason: string,
): Promise<Decided> {
  const before = await requestAnswer(deps.db, id);
  await decideRequest(deps, 'adjustment_requests', id, operator, { kind: 'reject', reason });
  return { before: { ...before, status: 'pending' }, request: await requestAnswer(deps.db, id) };
}

/** The threshold in satang. */
export function approvalThreshold(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return getSetting(deps.db, 'adjustmentApprovalThreshold');
}
