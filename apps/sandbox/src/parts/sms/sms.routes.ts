import type { FastifyInstance } from 'fastify';
import { SANDBOX_KEY_HEADER, keyMatches } from '../../lib/key.js';
import { toIssues } from '../../lib/validation.js';
import type { PartContext } from '../part.js';
import { renderInbox } from './sms.page.js';
import { inboxQuerySchema, listSmsQuerySchema, sendSmsBodySchema } from './sms.schemas.js';
import type { SmsStore } from './sms.store.js';

export function registerSmsRoutes(app: FastifyInstance, store: SmsStore, context: PartContext) {
  // The product server's SmsSender adapter: the only caller that needs the key.
  app.post('/sms/messages', async (request, reply) => {
    if (!keyMatches(request.headers[SANDBOX_KEY_HEADER], context.config.apiKey)) {
      return reply.code(401).send({ message: 'INVALID_SANDBOX_KEY' });
    }
    const body = sendSmsBodySchema.safeParse(request.body);
    if (!body.success) {
      return reply.code(400).send({ message: 'INVALID_BODY', issues: toIssues(body.error) });
    }
    const message = store.add(body.data.to, body.data.text);
    request.log.info({ smsId: message.id, to: message.to }, 'sms stored');
    return reply.code(201).send(message);
  });

  // Testers and tests read what was "sent".
  app.get('/sms/messages', async (request, reply) => {
    const query = listSmsQuerySchema.safeParse(request.query);
    if (!query.success) {
      return reply.code(400).send({ message: 'INVALID_QUERY', issues: toIssues(query.error) });
    }
    return reply.send(store.list(query.data));
  });

  app.get('/sms', async (request, reply) => {
    const query = inboxQuerySchema.safeParse(request.query);
    const to = query.success && query.data.to ? query.data.to : undefined;
    const messages = store.list(to === undefined ? {} : { to });
    const view = {
      messages,
      total: store.size,
      now: context.now(),
      ...(to === undefined ? {} : { to }),
      ...(query.success ? {} : { error: 'Phone numbers are 6 to 15 digits. Showing every phone.' }),
    };
    return reply
      .code(query.success ? 200 : 400)
      .type('text/html; charset=utf-8')
      .send(renderInbox(view));
  });
}
