// Every "outcome unknown, settle it later" flow of the server (architecture.md invariant 6,
// decision 0061), in one list: each module's face names its flows, in the order of the one
// list of modules (modules/index.ts, decision 0136). main.ts starts them all with one
// startReconcilers call, and the multi-process tests start the same list in each simulated
// process.
import type { AppDeps } from '../deps';
import { modules } from '../modules';
import type { Flow, ReconcileTable } from '../reconcile';

export const reconcileFlows = (deps: AppDeps): Flow<ReconcileTable>[] =>
  modules.flatMap((face) => face.flows?.(deps) ?? []);
