// The one fetch wrapper of the console (decision 0087). Call an endpoint with its entry of
// the contract's zod-free route table, typed from the contract's endpoint definitions:
//
//   import { routes } from '@wallet/contract/routes';
//   const page = await callApi(routes.operator.audit, { query: { q: 'member:100012' } });
//   await callApi(routes.operator.decideWithdrawal, { params: { id }, body: { decision } });
//
// Every call sends `x-wallet-user: member` (decision 0002), `Authorization: Bearer` with
// the in-memory token, `Accept-Language` (the console's language) and, for the contract's
// idempotent (money) endpoints, an `Idempotency-Key`: fresh per call unless the caller
// passes one to retry the same action. An identity failure (401 UNAUTHORIZED,
// EXPIRED_AUTH_TOKEN, INVALID_USER_*) ends the session with a message on the sign-in page;
// any other failure throws ApiError { status, code }. A 403 UNAUTHORIZED (a role that may
// not call the endpoint) keeps the session.
import {
  buildPath,
  IDEMPOTENCY_HEADER,
  signInAgainCodes,
  WALLET_USER_HEADER,
  WALLET_USER_VALUE,
  type api,
  type BodyFor,
  type EndpointDef,
  type ParamsFor,
  type QueryFor,
  type ResponseFor,
} from '@wallet/contract/client';
import type { RouteDef } from '@wallet/contract/routes';
import { getLang } from '@/i18n/i18n';
import { endSession, getToken, noteApiCall } from '@/lib/session';

type Api = typeof api;
type AnyEndpoint = { [G in keyof Api]: Api[G][keyof Api[G]] }[keyof Api];

/** The contract's endpoint definition behind a route-table entry (same method and path). */
export type EndpointOf<R extends RouteDef> = Extract<
  AnyEndpoint,
  { method: R['method']; path: R['path'] }
> &
  EndpointDef;

export type ApiAnswer<R extends RouteDef> = ResponseFor<EndpointOf<R>>;

type Part<Name extends string, T, Optional extends boolean = false> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : Optional extends true
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type CallOptions<R extends RouteDef> = Part<'params', ParamsFor<EndpointOf<R>>> &
  Part<'query', QueryFor<EndpointOf<R>>, true> &
  Part<'body', BodyFor<EndpointOf<R>>> & {
    signal?: AbortSignal;
    /** Retrying one action of an idempotent endpoint: pass the key of the first attempt. */
    idempotencyKey?: string;
  };

/** Client-side failures (no answer); translated in the catalogue's errors. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT';

/** The catalogue code of a failed call (NETWORK_ERROR when it was not an answer). */
export const errorCodeOf = (error: unknown): string =>
  error instanceof ApiError ? error.code : 'NETWORK_ERROR';

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The catalogue code (`{ message }` of the answer), or a ClientErrorCode. */
  readonly code: string;
  /** Seconds until the call can succeed (a sign-in lock), when the server says. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, code: string, retryAfterSeconds?: number) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const signInAgain: ReadonlySet<string> = new Set(signInAgainCodes);

/** `?a=1&b=x` from the defined fields, or '' when there are none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

function fieldOf(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

export async function callApi<R extends RouteDef>(
  route: R,
  ...[options]: Partial<CallOptions<R>> extends CallOptions<R>
    ? [CallOptions<R>?]
    : [CallOptions<R>]
): Promise<ApiAnswer<R>> {
  const opts = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  const token = getToken();
  const headers: Record<string, string> = {
    [WALLET_USER_HEADER]: WALLET_USER_VALUE,
    Accept: 'application/json',
    'Accept-Language': getLang(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (route.idempotent) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey ?? crypto.randomUUID();
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, route.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let status: number;
  let body: unknown;
  try {
    const response = await fetch(buildPath(route.path, opts.params) + queryString(opts.query), {
      method: route.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = response.status;
    body = parse(await response.text());
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'TIMEOUT' satisfies ClientErrorCode);
    if (opts.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR' satisfies ClientErrorCode);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
  if (token) noteApiCall();

  if (status >= 200 && status < 300) return body as ApiAnswer<R>;
  const message = fieldOf(body, 'message');
  const code = typeof message === 'string' ? message : `HTTP_${status}`;
  // Only a session the server no longer accepts ends here: a 403 is a refusal of the role.
  if (status === 401 && token !== null && token === getToken() && signInAgain.has(code))
    endSession('expired');
  const retry = fieldOf(body, 'retryAfterSeconds');
  throw new ApiError(status, code, typeof retry === 'number' && retry > 0 ? retry : undefined);
}
