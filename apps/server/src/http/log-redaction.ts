// Secrets never reach the request log (issue 16, decision 0048). Six providers' auto-login
// paths carry the game password (`/api/autoLogin/<code>/:username/:password`) and signed
// slip-image links carry their signature (`?expires=…&sig=…`); both were logged whole on
// every request. The request serializer logs the URL with those values replaced, and keeps
// the rest (method, path, other parameters) for reading the log.
import type { IncomingHttpHeaders } from 'node:http';
import { allEndpoints } from '@wallet/contract';

export const REDACTED = '[redacted]';

/** Path parameters that hold a secret, by name (contract paths). */
const SECRET_PARAM = /password|secret|token/i;
/** Query parameters that hold a secret, by name (any path). */
const SECRET_QUERY =
  /^(sig|signature|token|access_token|password|pass|pwd|secret|key|api_key|apikey|otp)$/i;

interface SecretPath {
  pattern: RegExp;
  /** Which captured segments are secret. */
  secret: boolean[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every contract path with a secret path parameter, as a pattern over a request path. */
function secretPaths(): SecretPath[] {
  const paths: SecretPath[] = [];
  for (const { def } of allEndpoints()) {
    const params = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (!params.some((name) => SECRET_PARAM.test(name))) continue;
    const source = def.path.split(/:\w+/).map(escape).join('([^/?#]*)');
    paths.push({
      pattern: new RegExp(`^${source}$`, 'd'),
      secret: params.map((name) => SECRET_PARAM.test(name)),
    });
  }
  return paths;
}

const SECRET_PATHS = secretPaths();

function redactPath(path: string): string {
  for (const { pattern, secret } of SECRET_PATHS) {
    const indices = pattern.exec(path)?.indices;
    if (!indices) continue;
    let redacted = '';
    let from = 0;
    secret.forEach((isSecret, i) => {
      const [start, end] = indices[i + 1]!;
      if (!isSecret) return;
      redacted += `${path.slice(from, start)}${REDACTED}`;
      from = end;
    });
    return redacted + path.slice(from);
  }
  return path;
}

function redactQuery(query: string): string {
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
      return SECRET_QUERY.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL with secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question < 0) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, question))}?${redactQuery(withoutHash.slice(question + 1))}`;
}

/** What a request looks like to the log serializer (Fastify passes its request). */
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
