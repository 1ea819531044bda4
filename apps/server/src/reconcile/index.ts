// The reconcile kernel (decision 0061): one home for "an outside call ended with an unknown
// outcome; a background worker settles it later" (architecture.md invariant 6). It sits below
// the modules: it imports only db/ and lib/ and knows no status names. Each module exports
// its flow(s) from its index.ts; main.ts starts them all with one call.
export type {
  BackoffPolicy,
  Flow,
  FlowReport,
  ReconcileRow,
  ReconcileTable,
  Resolution,
} from './flow';
export { backoffMs } from './backoff';
export { claim, dueRows, errorText, expedite, release } from './lease';
export { backlog } from './lease';
export type { KernelDeps, RunningJob } from './loop';
export { reconcileOnce, startPeriodicJob, startReconcilers } from './loop';
export type { LeasedJobTiming } from './job-lease';
export { endJobTurn, processHolder, startLeasedJob, takeJobTurn } from './job-lease';
