import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { listQueue, retryPayout } from './withdrawals.operator';

// The console's withdrawals queue (decision 0090); approve and reject stay
// `POST /api/operator/withdrawals/:id` (withdrawals.routes.ts).
export async function withdrawalOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  route(app, api.operatorWithdrawals.queue, {}, ({ query }) => listQueue(deps, query));

  route(app, api.operatorWithdrawals.retryPayout, {}, async (ctx) => {
    const { before, after } = await retryPayout(deps, ctx.params.id);
    ctx.audit({
      target: `withdrawal:${after.id}`,
      before: { status: before.status, nextAttemptAt: before.payout.nextAttemptAt },
      after: { status: after.status, nextAttemptAt: after.payout.nextAttemptAt },
    });
    ctx.request.log.warn(
      { event: 'payout_retry', operator: ctx.operator.username, ref: after.id },
      'money',
    );
    return { message: 'SUCCESS', withdrawal: after };
  });
}
