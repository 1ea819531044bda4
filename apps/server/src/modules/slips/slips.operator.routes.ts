import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as operatorSlips from './slips.operator';

// The console's slips and their review (decision 0091). Money moves only on approve.
export async function slipOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorDeposits;

  route(app, group.slips, {}, ({ operator, query }) =>
    operatorSlips.listSlipsForOperator(deps, operator, query),
  );

  route(app, group.approveSlip, {}, async ({ operator, params, body, audit, request }) => {
    const decision = await operatorSlips.approveSlip(deps, operator, params.reference, body);
    audit({ target: `slip:${params.reference}`, before: decision.before, after: decision.after });
    request.log.info(
      {
        event: 'slip_review_approve',
        operator: operator.username,
        slip: params.reference,
        result: decision.view.state,
      },
      'money',
    );
    return decision.view;
  });

  route(app, group.rejectSlip, {}, async ({ operator, params, body, audit }) => {
    const decision = await operatorSlips.rejectSlip(deps, operator, params.reference, body);
    audit({ target: `slip:${params.reference}`, before: decision.before, after: decision.after });
    return decision.view;
  });
}
