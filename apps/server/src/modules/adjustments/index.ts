// Operator adjustments: credit or debit a member's wallet through the ledger; above the
// approval threshold, a request a second operator decides (decision 0089).
export { adjustmentRoutes } from './adjustments.routes';
export { adjustmentRequestRoutes } from './adjustments.operator.routes';
export { adjust } from './adjustments.service';
