// GET /api/docs: the OpenAPI document generated from the contract (no wallet-user header
// needed, not affected by 'gone').
import { APP_VERSION, buildOpenApiDocument } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument(APP_VERSION);
  app.get('/api/docs', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return document;
  });
}
