// The games module's public face: provider catalogue, game accounts, provider transfers and
// their reconcile flow (docs/decisions/0014, 0015, 0016, 0061).
export { gamesRoutes } from './games.routes';
export { catalogue, findProvider } from './games.catalogue';
export { memberSlots, refreshBalances } from './games.service';
export type { ProviderEntry } from './games.catalogue';
export { countPendingTransfers, gameTransfersFlow } from './games.flow';
export { memberGameAccounts, membersWhoPlayed, sameMark, transferMark } from './games.played';
export type { TransferMark } from './games.played';
// The promotions module reads the member's accounts (turnover from each provider's bet
// report) and ends a bonus through the normal game -> wallet transfer (decision 0071).
export { listAccounts as gameAccounts } from './games.repository';
export { transfer as transferGame } from './games.transfers';
export { GamesError } from './games.errors';
export { gamesOperatorRoutes } from './games.operator.routes';
// The money-outcome figure of /metrics (decision 0105).
export { countGameTransfersByStatus, gameTransferTally } from './games.counts';
