// The wallet-user header check (decision 0002): every /api request must carry
// `X-Wallet-User: member`, except GET /api/docs, the gateways' signed webhooks under
// /api/webhooks/ (not member calls; decision 0024) and the promotion banners under
// /api/promotions/art/ (images, decision 0077). Runs before anything else on /api.
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import { isApiPath, isPublicArtPath, isWebhookPath, pathOf } from '../../http/paths';
import { AuthError } from './auth.errors';

export async function walletUserHook(request: FastifyRequest): Promise<void> {
  const path = pathOf(request.url);
  if (!isApiPath(path) || path === '/api/docs' || isWebhookPath(path) || isPublicArtPath(path))
    return;
  if (request.headers[WALLET_USER_HEADER] !== WALLET_USER_VALUE)
    throw new AuthError('INVALID_USER_1');
}
