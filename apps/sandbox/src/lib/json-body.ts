import type { FastifyInstance } from 'fastify';

/**
 * Lets a scope take `content-type: application/json` with an empty body (a DELETE or a
 * bodiless POST from a client that always sends the header), as third-party APIs do;
 * Fastify's default parser refuses it with FST_ERR_CTP_EMPTY_JSON_BODY. Non-empty bodies
 * still go through Fastify's own parser (prototype-poisoning protection included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
