// The wallet read model's public face: GET /api/wallet and its per-member answer cache
// (decision 0034), and the refreshed answer of GET /api/wallet/refresh/slot (decision 0069).
export { walletRoutes } from './wallet.routes';
