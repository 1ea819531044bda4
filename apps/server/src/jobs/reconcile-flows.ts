// Every "outcome unknown, settle it later" flow of the server (architecture.md invariant 6,
// decision 0061), in one list: main.ts starts them all with one startReconcilers call, and the
// multi-process tests start the same list in each simulated process.
import type { AppDeps } from '../deps';
import { giftLinkFlow, qrDepositFlow } from '../modules/deposits';
import { gameTransfersFlow } from '../modules/games';
import { slipFlow } from '../modules/slips';
import { payoutFlow } from '../modules/withdrawals';
import type { Flow, ReconcileTable } from '../reconcile';

export const reconcileFlows = (deps: AppDeps): Flow<ReconcileTable>[] => [
  gameTransfersFlow(deps),
  payoutFlow(deps),
  qrDepositFlow(deps),
  giftLinkFlow(deps),
  slipFlow(deps),
];
