// The one error handler: every failure answers `{ message: CODE }` with a catalogue code.
// 5xx answers never carry details; the details go to the log.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type FailureDetails } from '../lib/domain-error';
import { isApiPath, pathOf } from './paths';

/** Fastify's own errors (body parsing, routing) mapped to catalogue codes. */
const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'KEY_MISSING' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'KEY_INVALID' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'KEY_INVALID' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'KEY_INVALID' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'KEY_INVALID' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'KEY_INVALID' },
  // Routing, before any handler (Fastify's `frameworkErrors`): a malformed path component,
  // or a path parameter longer than the router takes (an id of 300 characters).
  FST_ERR_BAD_URL: { status: 400, message: 'KEY_INVALID' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'KEY_INVALID' },
};

function answerFor(error: unknown): { status: number; message: string; details?: FailureDetails } {
  if (error instanceof DomainError)
    return { status: error.statusCode, message: error.code, details: error.details };
  const fe = error as Partial<FastifyError> & { message?: string };
  if (fe.code && fastifyCodes[fe.code]) return fastifyCodes[fe.code]!;
  // JSON.parse failures surface as SyntaxError with statusCode 400.
  if (fe.statusCode === 400) return { status: 400, message: 'KEY_INVALID' };
  if (fe.statusCode === 404) return { status: 404, message: 'NO_DATA' };
  if (fe.statusCode === 429) return { status: 429, message: 'REQUEST_LIMIT' };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    return { status: fe.statusCode, message: 'KEY_INVALID' };
  return { status: 500, message: 'INTERNAL_SERVER_ERROR' };
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a bad URL component, a path
 * parameter too long) answer a catalogue code like every other failure, not Fastify's body.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message } = answerFor(error);
  return reply.code(status).send({ message });
}

/** Call before any route is registered: routes keep the handler present when they are added. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, message, details } = answerFor(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: message, status }, 'request refused');
    if (status >= 500) return reply.code(status).send({ message });
    if (details?.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(details.retryAfterSeconds));
    return reply.code(status).send({ message, ...details });
  });
}

/** Unknown /api paths answer 404 NO_DATA; other GETs get the web app (or its build hint). */
export function installNotFound(app: FastifyInstance, webNotFound: NotFoundFallback): void {
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(pathOf(request.url)) || (request.method !== 'GET' && request.method !== 'HEAD'))
      return reply.code(404).send({ message: 'NO_DATA' });
    return webNotFound(request, reply);
  });
}

/** What a non-/api GET with no matching file answers (the SPA's index.html, or a hint). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;
