// The approval kernel (decision 0116): one operator asks, a second approves before it takes
// effect. Below the modules: imports only db/ and lib/. Each module keeps its own request
// table with the kernel's columns, and decides through `decideRequest`.
export type { ApprovalRow, ApprovalTable, Decided, Decider, Decision } from './approvals';
export {
  alreadyDecided,
  ApprovalError,
  countPending,
  decideRequest,
  notYours,
  pendingColumns,
  unknownRequest,
} from './approvals';
export { operatorRef, pendingFirst, trailColumns, trailOf } from './request-list';
export type { TrailRow } from './request-list';
