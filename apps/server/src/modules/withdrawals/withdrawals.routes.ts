import { api, bahtToSatang } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './withdrawals.service';

// docs/decisions/0017-withdrawals.md: withdraw and withdrawAll follow the same rules.
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  for (const def of [api.wallet.withdraw, api.wallet.withdrawAll]) {
    route(app, def, {}, async ({ member, body, idempotencyKey, request }) => {
      const answer = await service.requestWithdrawal(
        deps,
        member.memberId,
        bahtToSatang(body.amount),
        idempotencyKey,
        {
          currency: member.currency,
          ...(body.confirmForfeit !== undefined
            ? { confirmForfeit: bahtToSatang(body.confirmForfeit) }
            : {}),
        },
      );
      request.log.info(
        {
          event: 'withdrawal',
          memberNo: member.memberNo,
          amount: body.amount,
          ref: answer.reference,
          status: answer.status,
        },
        'money',
      );
      return answer;
    });
  }

  route(app, api.operator.listWithdrawals, {}, () => service.listWaiting(deps.db));

  route(app, api.operator.decideWithdrawal, {}, async (ctx) => {
    const { operator, params, body, request } = ctx;
    // Named before the decision: a refused one (decision 0116) is found by its withdrawal too.
    ctx.audit({ target: `withdrawal:${params.id}`, after: { ...body } });
    const row = await service.decide(deps, operator, params.id, body.decision, body.reason);
    ctx.audit({
      target: `withdrawal:${row.ref}`,
      before: { status: 'WAITING' },
      after: {
        decision: body.decision,
        status: row.status,
        ...(body.reason ? { reason: body.reason } : {}),
      },
    });
    request.log.warn(
      {
        event: 'withdrawal_decided',
        operator: operator.username,
        ref: row.ref,
        decision: body.decision,
        status: row.status,
      },
      'money',
    );
    return { message: 'SUCCESS', status: row.status };
  });
}
