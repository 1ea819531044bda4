// Request logging without secrets (issue 16, decision 0048), shared by the server and the
// sandbox: each app says which path segments of its own routes are secret; the URL splitting,
// the query redaction and the request serializer live here once.
import type { IncomingHttpHeaders } from 'node:http';

export const REDACTED = '[redacted]';

export interface UrlRedaction {
  /** The path (no query, no fragment) with its secret segments replaced by REDACTED. */
  redactPath: (path: string) => string;
  /** Names of query parameters whose values are secret (matched after decoding the name). */
  secretQuery: RegExp;
}

function redactQuery(query: string, secretQuery: RegExp): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* a malformed name stays as sent */
      }
      return secretQuery.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A function giving the URL with secret path segments and query values replaced. */
export function urlRedactor({ redactPath, secretQuery }: UrlRedaction): (url: string) => string {
  return (url) => {
    const hash = url.indexOf('#');
    const withoutHash = hash < 0 ? url : url.slice(0, hash);
    const question = withoutHash.indexOf('?');
    if (question < 0) return redactPath(withoutHash);
    const path = redactPath(withoutHash.slice(0, question));
    return `${path}?${redactQuery(withoutHash.slice(question + 1), secretQuery)}`;
  };
}

/** What a request looks like to the log serializer (Fastify passes its request). */
export interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default request serializer, with the URL passed through `redactUrl`. */
export function requestSerializer(redactUrl: (url: string) => string) {
  return (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  });
}

export { PrettyFormatter, prettyLogStream, type LogFormat, type PrettyOptions } from './pretty';
