import { api, bahtToSatang, satangToBaht } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { adjust } from './adjustments.service';

export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(app, api.operator.adjust, {}, async ({ operator, body, idempotencyKey, request }) => {
    const balance = await adjust(
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
    request.log.info(
      {
        event: 'adjustment',
        operator: operator.username,
        memberNo: body.memberId,
        direction: body.direction,
        amount: body.amount,
      },
      'money',
    );
    return { message: 'SUCCESS', balance: satangToBaht(balance) };
  });
}
