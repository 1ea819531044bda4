// Secrets never reach the request log (issue 16, decision 0048). Six providers' auto-login
// paths carry the game password (`/api/autoLogin/<code>/:username/:password`) and signed
// slip-image links carry their signature (`?expires=…&sig=…`); both were logged whole on
// every request. The request serializer logs the URL with those values replaced, and keeps
// the rest (method, path, other parameters) for reading the log.
import { allEndpoints } from '@wallet/contract';
import { REDACTED, requestSerializer, urlRedactor } from '@wallet/http-log';

export { REDACTED };

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

/** The URL with secret path segments and query values replaced by `[redacted]`. */
export const redactUrl = urlRedactor({ redactPath, secretQuery: SECRET_QUERY });

/** Fastify's default request serializer, with the URL redacted. */
export const serializeRequest = requestSerializer(redactUrl);
