// Withdrawals: the member's withdraw calls, the operator's review, and the payout reconcile
// flow. Money moves only through the ledger module.
import type { ModuleFace } from '../../module-face';
import { byStatus } from '../../module-face';
import { countWithdrawalsByStatus } from './withdrawals.counts';
import { withdrawalOperatorRoutes } from './withdrawals.operator.routes';
import { withdrawalRoutes } from './withdrawals.routes';
import { payoutFlow } from './withdrawals.service';
export { decide, listWaiting, payoutFlow, requestWithdrawal } from './withdrawals.service';
export { countWaitingWithdrawals } from './withdrawals.counts';
export { listQueue } from './withdrawals.operator';
export type { QueueQuery } from './withdrawals.operator';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'withdrawals',
  routes: [withdrawalRoutes, withdrawalOperatorRoutes],
  flows: (deps) => [payoutFlow(deps)],
  gauges: ({ db }) => [
    {
      gauge: 'wallet_withdrawals',
      read: async () => byStatus(await countWithdrawalsByStatus(db)),
    },
  ],
};
