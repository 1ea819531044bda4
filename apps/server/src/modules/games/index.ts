// The games module's public face: provider catalogue, game accounts, provider transfers and
// their reconcile flow (docs/decisions/0014, 0015, 0016, 0061).
import type { ModuleFace } from '../../module-face';
import { gameTransferTally } from './games.counts';
import { gameTransfersFlow } from './games.flow';
import { gamesOperatorRoutes } from './games.operator.routes';
import { gamesRoutes } from './games.routes';
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
// The money-outcome figure of /metrics (decision 0105): the face reads it; scripts time it.
export { countGameTransfersByStatus, gameTransferTally } from './games.counts';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'games',
  routes: [gamesRoutes, gamesOperatorRoutes],
  flows: (deps) => [gameTransfersFlow(deps)],
  gauges: ({ db, clock }) => {
    // Running totals: game_transfers grows with every transfer (decision 0105).
    const tally = gameTransferTally(db, clock);
    return [
      {
        gauge: 'wallet_game_transfers',
        read: async () =>
          (await tally()).map((row) => ({
            labels: { direction: row.direction, status: row.status },
            value: row.n,
          })),
      },
    ];
  },
};
