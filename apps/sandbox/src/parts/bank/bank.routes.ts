import type { FastifyInstance } from 'fastify';
import { guardJsonApi } from '../../lib/key.js';
import { invalid } from '../../lib/validation.js';
import type { PartContext } from '../part.js';
import {
  accountNoShape,
  bankCodeShape,
  bankFaultsSchema,
  listPayoutsQuerySchema,
  payoutBodySchema,
  payoutParamsSchema,
} from './bank.schemas.js';
import type { BankStore, Payout } from './bank.store.js';

// The bank's JSON API (docs/decisions/0011-bank-payouts.md). Failures answer
// `{ error: CODE }`, as a third-party bank API would.

function payoutAnswer(payout: Payout) {
  return { ref: payout.ref, status: payout.status, paidAt: payout.paidAt };
}

export function registerBankApi(app: FastifyInstance, store: BankStore, context: PartContext) {
  guardJsonApi(app, context.config.apiKey, 'bank');

  app.post('/bank/payouts', async (request, reply) => {
    const body = payoutBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const payout = body.data;
    if (!bankCodeShape.test(payout.bankCode) || !accountNoShape.test(payout.accountNo)) {
      return reply.code(400).send({ error: 'INVALID_ACCOUNT' });
    }
    if (store.faults.shouldFail()) return reply.code(500).send({ error: 'INTERNAL_ERROR' });

    const result = store.pay(payout);
    request.log.info({ ref: payout.ref, result: result.type }, 'bank payout');
    switch (result.type) {
      case 'paid':
        return reply.code(201).send(payoutAnswer(result.payout));
      case 'replayed':
        // The same status as the first answer, so a retry cannot tell them apart.
        return reply
          .code(201)
          .header('x-idempotent-replay', 'true')
          .send(payoutAnswer(result.payout));
      case 'conflict':
        return reply.code(409).send({ error: 'REF_CONFLICT' });
      case 'capacity':
        return reply.code(503).send({ error: 'CAPACITY_REACHED' });
    }
  });

  app.get('/bank/payouts', async (request, reply) => {
    const query = listPayoutsQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    const { limit, bankCode, accountNo } = query.data;
    return reply.send(
      store.listPayouts({
        limit,
        ...(bankCode === undefined ? {} : { bankCode }),
        ...(accountNo === undefined ? {} : { accountNo }),
      }),
    );
  });

  app.get('/bank/payouts/:ref', async (request, reply) => {
    const params = payoutParamsSchema.safeParse(request.params);
    if (!params.success) return invalid(reply, params.error, 'QUERY');
    const payout = store.getPayout(params.data.ref);
    if (!payout) return reply.send({ ref: params.data.ref, status: 'NOT_FOUND' });
    return reply.send(payout);
  });

  app.get('/bank/faults', async () => store.faults.report());

  app.put('/bank/faults', async (request, reply) => {
    const body = bankFaultsSchema.safeParse(request.body ?? {});
    if (!body.success) return invalid(reply, body.error);
    store.faults.set(body.data);
    request.log.warn({ faults: body.data }, 'bank fault switch set');
    return reply.send(store.faults.report());
  });
}
