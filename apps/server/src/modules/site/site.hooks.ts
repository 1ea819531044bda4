// The 'gone' answer (decision 0002): when the operator flags the site terminated, every /api
// route answers 410 `{ message: 'gone' }`, except the active lookup (which reports it), the
// API document and the operator's own routes (so the flag can be lifted again), and the
// gateways' webhooks: a member who paid a QR has paid us, so the credit still lands
// (decision 0024).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { isApiPath, isWebhookPath, pathOf } from '../../http/paths';
import { SiteGoneError } from './site.errors';
import { isTerminated } from './site.service';

function exempt(method: string, path: string): boolean {
  if (path === '/api/docs' || path.startsWith('/api/operator/') || isWebhookPath(path)) return true;
  return method === 'GET' && path === '/api/lookup/active';
}

export function siteGoneHook(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    const path = pathOf(request.url);
    if (!isApiPath(path) || exempt(request.method, path)) return;
    if (await isTerminated(db)) throw new SiteGoneError();
  };
}
