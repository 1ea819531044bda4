import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { listGiftLinks, listQrDeposits } from './deposits.operator';

// The console's QR and gift-link lists (decision 0091); nothing changes here.
export async function depositOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  route(app, api.operatorDeposits.qr, {}, ({ query }) => listQrDeposits(deps, query));
  route(app, api.operatorDeposits.giftLinks, {}, ({ query }) => listGiftLinks(deps, query));
}
