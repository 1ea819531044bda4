// Withdrawals: the member's withdraw calls, the operator's review, and the payout
// reconciler. Money moves only through the ledger module.
export { withdrawalRoutes } from './withdrawals.routes';
export { startPayoutReconciler } from './withdrawals.job';
export type { RunningJob } from './withdrawals.job';
export { decide, listWaiting, reconcilePayouts, requestWithdrawal } from './withdrawals.service';
export type { ReconcileReport } from './withdrawals.service';
