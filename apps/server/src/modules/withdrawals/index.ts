// Withdrawals: the member's withdraw calls, the operator's review, and the payout reconcile
// flow. Money moves only through the ledger module.
export { withdrawalRoutes } from './withdrawals.routes';
export { decide, listWaiting, payoutFlow, requestWithdrawal } from './withdrawals.service';
export { withdrawalOperatorRoutes } from './withdrawals.operator.routes';
export { countWaitingWithdrawals } from './withdrawals.counts';
// The money-outcome figure of /metrics (decision 0105).
export { countWithdrawalsByStatus } from './withdrawals.counts';
