// Bearer values in the sandbox's URLs never reach its request log (issue 16, decision 0048):
// a game launch token (`/play/:token`), a game session id (`/play/session/:id`) and a gift
// link's hash (`/gift/campaign/?v=`, `/gift/vouchers/:hash`) each let whoever reads them
// play or redeem. The request serializer logs the URL with them replaced.
import type { IncomingHttpHeaders } from 'node:http';

export const REDACTED = '[redacted]';

/** A path prefix followed by a secret segment. Longer prefixes first. */
const SECRET_SEGMENT = [
  /^(\/play\/session\/)[^/?#]+/,
  /^(\/play\/)[^/?#]+/,
  /^(\/gift\/vouchers\/)[^/?#]+/,
];
/** Query parameters holding a secret (`v`: the gift link's hash). */
const SECRET_QUERY = /^(v|sig|signature|token|password|key|api_key)$/i;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals >= 0 && SECRET_QUERY.test(pair.slice(0, equals))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const withoutHash = url.split('#')[0]!;
  const question = withoutHash.indexOf('?');
  let path = question < 0 ? withoutHash : withoutHash.slice(0, question);
  const segment = SECRET_SEGMENT.find((pattern) => pattern.test(path));
  if (segment) path = path.replace(segment, `$1${REDACTED}`);
  return question < 0 ? path : `${path}?${redactQuery(withoutHash.slice(question + 1))}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
