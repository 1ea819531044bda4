// Bank-slip deposits and slip tracking. Money moves only through the ledger module.
export { slipRoutes } from './slips.routes';
export { slipOperatorRoutes } from './slips.operator.routes';
export { processSlip, slipFlow, uploadSlip } from './slips.service';
export { purgeFailedSlipFiles, slipFileKeysNamed } from './slips.files';
// The reference format the statement module reads back (its prefix table).
export { newSlipRef } from './slips.service';
export { countSlipsToReview } from './slips.counts';
// The chat's "ask about this" card (issue 14).
export { slipSummaryOfMember } from './slips.service';
export type { SlipSummary } from './slips.service';
// The money-outcome figure of /metrics (decision 0105).
export { countSlipsByStatus } from './slips.counts';
