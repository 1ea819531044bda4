// Routes of the wallet read model: GET /api/wallet (cached per member, decision 0034) and
// GET /api/wallet/refresh/slot (the games module asks the providers, then the same read).
import type { Wallet } from '@wallet/contract';
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import type { CheckedJson } from '../../http/contract-route';
import { route } from '../../http/contract-route';
import { refreshBalances } from '../games';
import { WalletAnswerCache } from './wallet.cache';
import { cachedWalletAnswer, walletView } from './wallet.read';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const w = api.wallet;

  // The member comes from the session: nothing in the request names whose wallet is read.
  const walletCache = new WalletAnswerCache<CheckedJson<Wallet>>();
  route(app, w.get, {}, ({ member }) => cachedWalletAnswer(deps, member, walletCache));
  route(app, w.refreshSlots, {}, async ({ member, request }) => {
    await refreshBalances(deps, member, request.log);
    return walletView(deps, member);
  });
}
