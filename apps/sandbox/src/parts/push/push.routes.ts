import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toIssues } from '../../lib/validation.js';
import type { PartContext } from '../part.js';
import { PushDecryptError, checkVapid, decryptAes128gcm } from './push.crypto.js';
import { renderPushPage } from './push.page.js';
import { PUSH_MODES, type PushStore } from './push.store.js';

const issueBodySchema = z.strictObject({ label: z.string().trim().max(80).optional() }).optional();
const modeBodySchema = z.strictObject({ mode: z.enum(PUSH_MODES) });
const idParams = z.object({ id: z.uuid() });
const listQuerySchema = z.object({ subscription: z.uuid().optional() });

/** A message is at most 4 KB of payload (RFC 8030 7.2 lets a service refuse more). */
const MAX_BODY = 4096 + 128;

function baseUrl(request: FastifyRequest, context: PartContext): string {
  return (context.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export function registerPushRoutes(app: FastifyInstance, store: PushStore, context: PartContext) {
  // Issue a subscription as a browser's pushManager.subscribe would: the endpoint on this push
  // service and the device's public keys; the private key stays here to decrypt.
  app.post('/push/subscriptions', async (request, reply) => {
    const body = issueBodySchema.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({ message: 'INVALID_BODY', issues: toIssues(body.error) });
    const record = store.issue(body.data?.label ?? 'test device');
    return reply.code(201).send({
      id: record.id,
      label: record.label,
      subscription: {
        endpoint: `${baseUrl(request, context)}/push/send/${record.id}`,
        expirationTime: null,
        keys: { p256dh: record.keys.p256dh, auth: record.keys.auth },
      },
    });
  });

  // How the service answers this subscription from now on: 201, 410 Gone, or 500.
  app.put('/push/subscriptions/:id/mode', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = modeBodySchema.safeParse(request.body);
    if (!params.success || !body.success) return reply.code(400).send({ message: 'INVALID_BODY' });
    const record = store.setMode(params.data.id, body.data.mode);
    if (!record) return reply.code(404).send({ message: 'NOT_FOUND' });
    return reply.send({ id: record.id, mode: record.mode });
  });

  // The push service's endpoint (RFC 8030 5): the server's encrypted message for one device.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/octet-stream', 'application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: MAX_BODY },
      (_request, body, done) => done(null, body),
    );
    scope.post('/push/send/:id', async (request, reply) => {
      const params = idParams.safeParse(request.params);
      const record = params.success ? store.get(params.data.id) : undefined;
      if (!record || record.mode === 'gone')
        return reply.code(410).send({ message: 'SUBSCRIPTION_GONE' });
      if (record.mode === 'fail') return reply.code(500).send({ message: 'PUSH_SERVICE_FAILING' });
      const claims = checkVapid(
        request.headers.authorization,
        baseUrl(request, context).replace(/^(https?:\/\/[^/]+).*$/, '$1'),
        Math.floor(context.now().getTime() / 1000),
      );
      if (typeof claims === 'string') return reply.code(401).send({ message: claims });
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return reply.code(415).send({ message: 'content-encoding must be aes128gcm' });
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0)
        return reply.code(400).send({ message: 'TTL header required' });
      if (!Buffer.isBuffer(request.body)) return reply.code(400).send({ message: 'no body' });
      let text: string;
      try {
        text = decryptAes128gcm(request.body, record.keys).toString('utf8');
      } catch (error) {
        if (error instanceof PushDecryptError)
          return reply.code(400).send({ message: error.message });
        throw error;
      }
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const stored = store.receive({
        subscriptionId: record.id,
        ttl,
        topic: header('topic'),
        urgency: header('urgency'),
        sender: claims.sub ?? null,
        text,
        json,
      });
      request.log.info({ pushId: stored.id, subscription: record.id }, 'push received');
      return reply
        .code(201)
        .header('location', `/push/messages/${stored.id}`)
        .send({ id: stored.id });
    });
  });

  // Tests and journeys read what the devices received, decrypted.
  app.get('/push/messages', async (request, reply) => {
    const query = listQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply.code(400).send({ message: 'INVALID_QUERY', issues: toIssues(query.error) });
    return reply.send(store.list(query.data.subscription));
  });

  app.get('/push', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      renderPushPage({
        subscriptions: store.listSubscriptions(),
        messages: store.list(),
        now: context.now(),
      }),
    ),
  );
}
