import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of the `x-sandbox-key` header with the configured key. */
export function keyMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const SANDBOX_KEY_HEADER = 'x-sandbox-key';

/**
 * The JSON API of a part: every call needs the key (401 INVALID_SANDBOX_KEY otherwise), and
 * errors answer `{ error: CODE }`, a 5xx as INTERNAL_ERROR after logging it. Registered in
 * the part's own scope, so its tester pages stay open.
 */
export function guardJsonApi(app: FastifyInstance, apiKey: string, label: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!keyMatches(request.headers[SANDBOX_KEY_HEADER], apiKey)) {
      return reply.code(401).send({ error: 'INVALID_SANDBOX_KEY' });
    }
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error, `${label} error`);
      return reply.code(500).send({ error: 'INTERNAL_ERROR' });
    }
    return reply.code(status).send({ error: error.code ?? 'BAD_REQUEST' });
  });
}
