import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { askAgain, listTransfers } from './games.operator';

// Provider transfers being confirmed, for the operator console (decision 0090).
export async function gamesOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  route(app, api.operatorTransfers.list, {}, ({ query }) => listTransfers(deps, query));

  route(app, api.operatorTransfers.askAgain, {}, async (ctx) => {
    const { before, after } = await askAgain(deps, ctx.params.ref);
    ctx.audit({
      target: `transfer:${after.ref}`,
      before: { status: before.status, nextAttemptAt: before.nextAttemptAt },
      after: { status: after.status, nextAttemptAt: after.nextAttemptAt },
    });
    return { message: 'SUCCESS', transfer: after };
  });
}
