// Operator adjustments: credit or debit a member's wallet through the ledger; above the
// approval threshold, a request a second operator decides (decision 0089).
export { adjustmentRoutes } from './adjustments.routes';
export { adjustmentRequestRoutes } from './adjustments.operator.routes';
export { adjust, SOLO_CREDIT_WINDOW_MS } from './adjustments.service';
// What withdrawals ask of recent adjustments (decision 0116): credits made alone to a member,
// and who adjusted a member lately.
export { adjustersSince, soloCreditsSince } from './adjustments.repository';
