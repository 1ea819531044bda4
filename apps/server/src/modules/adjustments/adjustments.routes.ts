import { api, bahtToSatang, satangToBaht } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { adjust } from './adjustments.service';

export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(
    app,
    api.operator.adjust,
    {},
    async ({ operator, body, idempotencyKey, request, audit }) => {
      const outcome = await adjust(
        deps,
        operator,
        {
          memberNo: body.memberId,
          amount: bahtToSatang(body.amount),
          direction: body.direction,
          reason: body.reason,
        },
        idempotencyKey,
      );
      const balance = satangToBaht(outcome.balance);
      // The wallet before: a posting moved it by the amount; a request left it as it was.
      const moved = bahtToSatang(body.amount) * (body.direction === 'credit' ? 1 : -1);
      const before = satangToBaht(outcome.balance - (outcome.status === 'posted' ? moved : 0));
      audit({
        target: `member:${body.memberId}`,
        before: { balance: before },
        after: {
          amount: body.amount,
          direction: body.direction,
          reason: body.reason,
          status: outcome.status,
          balance,
          ...(outcome.status === 'pending' ? { requestId: outcome.requestId } : {}),
        },
      });
      request.log.info(
        {
          event: outcome.status === 'posted' ? 'adjustment' : 'adjustment_requested',
          operator: operator.username,
          memberNo: body.memberId,
          direction: body.direction,
          amount: body.amount,
        },
        'money',
      );
      return outcome.status === 'posted'
        ? { message: 'SUCCESS' as const, status: 'posted' as const, balance, requestId: null }
        : {
            message: 'PENDING_APPROVAL' as const,
            status: 'pending' as const,
            balance,
            requestId: outcome.requestId,
          };
    },
  );
}
