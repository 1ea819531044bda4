// The wallet read model's public face: GET /api/wallet and its per-member answer cache
// (decision 0034), and the refreshed answer of GET /api/wallet/refresh/slot (decision 0069).
import type { ModuleFace } from '../../module-face';
import { walletRoutes } from './wallet.routes';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'wallet',
  routes: [walletRoutes],
};
