// Operator adjustments: credit or debit a member's wallet through the ledger.
export { adjustmentRoutes } from './adjustments.routes';
export { adjust } from './adjustments.service';
