// The deposits section's changing operator endpoints (decision 0091): each call decides a
// fresh slip held for review.
import type { OperatorFixtures } from './fixture';
import { heldSlip } from '../slip-review-support';

export const fixtures: OperatorFixtures = {
  'POST /api/operator/deposits/slips/:reference/approve': async (t) => ({
    params: { reference: (await heldSlip(t)).ref },
    body: {},
  }),
  'POST /api/operator/deposits/slips/:reference/reject': async (t) => ({
    params: { reference: (await heldSlip(t)).ref },
    body: { code: 'NOT_MATCH', note: 'The sender is not the account holder' },
  }),
};
