// Bearer values in the sandbox's URLs never reach its request log (issue 16, decision 0048):
// a game launch token (`/play/:token`), a game session id (`/play/session/:id`) and a gift
// link's hash (`/gift/campaign/?v=`, `/gift/vouchers/:hash`) each let whoever reads them
// play or redeem. The request serializer logs the URL with them replaced.
import { REDACTED, requestSerializer, urlRedactor } from '@wallet/http-log';

export { REDACTED };

/** A path prefix followed by a secret segment. Longer prefixes first. */
const SECRET_SEGMENT = [
  /^(\/play\/session\/)[^/?#]+/,
  /^(\/play\/)[^/?#]+/,
  /^(\/gift\/vouchers\/)[^/?#]+/,
];
/** Query parameters holding a secret (`v`: the gift link's hash). */
const SECRET_QUERY = /^(v|sig|signature|token|password|key|api_key)$/i;

function redactPath(path: string): string {
  const segment = SECRET_SEGMENT.find((pattern) => pattern.test(path));
  return segment ? path.replace(segment, `$1${REDACTED}`) : path;
}

export const redactUrl = urlRedactor({ redactPath, secretQuery: SECRET_QUERY });

/** Fastify's default request serializer, with the URL redacted. */
export const serializeRequest = requestSerializer(redactUrl);
