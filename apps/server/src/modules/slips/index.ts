// Bank-slip deposits and slip tracking. Money moves only through the ledger module.
import type { ModuleFace } from '../../module-face';
import { byStatus } from '../../module-face';
import { countSlipsByStatus } from './slips.counts';
import { slipFileKeysNamed } from './slips.files';
import { slipOperatorRoutes } from './slips.operator.routes';
import { slipRoutes } from './slips.routes';
import { slipFlow } from './slips.service';
export { processSlip, slipFlow, uploadSlip } from './slips.service';
// The reference format the statement module reads back (its prefix table).
export { newSlipRef } from './slips.service';
// Housekeeping: the images of slips failed past their retention (decision 0045).
export { purgeFailedSlipFiles } from './slips.files';
export { countSlipsToReview } from './slips.counts';
export { slipsOfMember } from './slips.operator';
// The chat's "ask about this" card (issue 14).
export { slipSummaryOfMember } from './slips.service';
export type { SlipSummary } from './slips.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'slips',
  routes: [slipRoutes, slipOperatorRoutes],
  flows: (deps) => [slipFlow(deps)],
  gauges: ({ db }) => [
    {
      gauge: 'wallet_deposits',
      read: async () => byStatus(await countSlipsByStatus(db), { method: 'slip' }),
    },
  ],
  fileKeys: slipFileKeysNamed,
};
