// The games module's public face: provider catalogue, game accounts, provider transfers and
// their reconciler (docs/decisions/0014, 0015, 0016).
export { gamesRoutes } from './games.routes';
export { catalogue, findProvider } from './games.catalogue';
export { memberSlots, refreshBalances } from './games.service';
export type { ProviderEntry } from './games.catalogue';
export { countPendingTransfers, reconcileOnce, startReconciler } from './reconciler';
export type { ReconcileReport, ReconcilerHandle } from './reconciler';
