// Four-eyes adjustment requests and the approval threshold (decision 0089).
import { api, bahtToSatang, satangToBaht } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { setThresholdChecked } from '../operator';
import * as requests from './adjustments.requests';

export async function adjustmentRequestRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorAdjustments;

  route(app, group.listRequests, {}, ({ query }) => requests.listRequests(deps, query));

  route(app, group.approveRequest, {}, async ({ operator, params, audit, request }) => {
    audit({ target: `adjustment-request:${params.requestId}`, after: null });
    const decided = await requests.approveRequest(deps, operator, params.requestId);
    const balance = satangToBaht(decided.balance);
    audit({
      target: `adjustment-request:${params.requestId}`,
      before: { status: decided.before.status, memberId: decided.before.memberId },
      after: {
        status: decided.request.status,
        memberId: decided.request.memberId,
        amount: decided.request.amount,
        direction: decided.request.direction,
        requestedBy: decided.request.requestedBy.username,
        balance,
      },
    });
    request.log.info(
      {
        event: 'adjustment_approved',
        operator: operator.username,
        requestId: params.requestId,
        memberNo: decided.request.memberId,
        amount: decided.request.amount,
      },
      'money',
    );
    return { message: 'SUCCESS' as const, request: decided.request, balance };
  });

  route(app, group.rejectRequest, {}, async ({ operator, params, body, audit }) => {
    audit({ target: `adjustment-request:${params.requestId}`, after: { reason: body.reason } });
    const decided = await requests.rejectRequest(deps, operator, params.requestId, body.reason);
    audit({
      before: { status: decided.before.status },
      after: { status: decided.request.status, reason: body.reason },
    });
    return { message: 'SUCCESS' as const, request: decided.request };
  });

  route(app, group.getThreshold, {}, async () => ({
    threshold: satangToBaht(await requests.approvalThreshold(deps)),
  }));

  // Raising the threshold weakens four eyes: with two active admins a second one approves it
  // (decision 0117, the operator module's control requests); lowering it applies at once.
  route(app, group.setThreshold, {}, async ({ operator, body, audit }) => {
    const set = await setThresholdChecked(deps, operator, bahtToSatang(body.threshold));
    const before = satangToBaht(set.before);
    audit({
      target: 'setting:adjustmentApprovalThreshold',
      before: { threshold: before },
      after:
        set.requestId === null
          ? { threshold: body.threshold }
          : { threshold: body.threshold, status: 'pending', requestId: set.requestId },
    });
    return set.requestId === null
      ? { message: 'SUCCESS' as const, threshold: body.threshold, requestId: null }
      : { message: 'PENDING_APPROVAL' as const, threshold: before, requestId: set.requestId };
  });
}
