// Operator adjustments: credit or debit a member's wallet through the ledger; above the
// approval threshold, a request a second operator decides (decision 0089).
import type { ModuleFace } from '../../module-face';
import { adjustmentRequestRoutes } from './adjustments.operator.routes';
import { adjustmentRoutes } from './adjustments.routes';
export { adjust, SOLO_CREDIT_WINDOW_MS } from './adjustments.service';
// What withdrawals ask of recent adjustments (decision 0116): credits made alone to a member,
// and who adjusted a member lately.
export { adjustersSince, soloCreditsSince } from './adjustments.repository';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'adjustments',
  routes: [adjustmentRoutes, adjustmentRequestRoutes],
};
