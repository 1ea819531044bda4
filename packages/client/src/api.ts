// The one fetch transport of both React apps (issue 27, decision 0137): spec section 7's
// "Common rules" as an engine each app configures. A call names its entry of the contract's
// zod-free route table and is typed by it (params, query, body, answer):
//
//   const api = createApiClient({ headers: () => ({ ... }), idempotency: 'caller', ... });
//   const page = await api.call(routes.statement.list, { body: { page: 1, limit: 10 } });
//
// The engine sends JSON, times a call out (the route's `timeoutMs`, else 60 s), passes an
// outer AbortSignal on, and reads every answer the same way: `{ message: 'gone' }` (any
// status) goes to the app's gone handler, a sign-in-again code to its identity-failure
// handler, and any other non-2xx throws the one ApiError. What an app adds (its headers, what
// "gone" and an identity failure do, when a call carries an Idempotency-Key) is its
// configuration. Zod-free: routes and types come from `@wallet/contract/client` and
// `@wallet/contract/routes`.
import {
  buildPath,
  CANNOT_VERIFY_IDENTITY_TH,
  GONE,
  IDEMPOTENCY_HEADER,
  limits,
  signInAgainCodes,
  type api,
  type BodyFor,
  type HttpMethod,
  type ParamsFor,
  type QueryFor,
  type ResponseFor,
} from '@wallet/contract/client';
import type { RouteDef } from '@wallet/contract/routes';

type Api = typeof api;
type AnyEndpoint = { [G in keyof Api]: Api[G][keyof Api[G]] }[keyof Api];

/** How a route and its endpoint are keyed: `GET /api/wallet`. */
type RouteKey<R extends Pick<RouteDef, 'method' | 'path'>> = `${R['method']} ${R['path']}`;

/**
 * Every endpoint of the contract by its RouteKey (issue 27): built once per program, so a
 * route's endpoint is one indexed access instead of an `Extract` over all endpoints per route.
 */
type EndpointByKey = { [E in AnyEndpoint as RouteKey<E>]: E };

/** A route of the contract's route table: a path it does not have is a type error. */
export type ContractRoute = RouteDef & { path: AnyEndpoint['path'] };

/** The endpoints with these keys (distributes: a key the contract has not adds nothing). */
type EndpointAt<K extends string> = K extends keyof EndpointByKey ? EndpointByKey[K] : never;

/**
 * The contract's endpoint definition behind a route-table entry (same method and path). An
 * erased route (`any`: a cast compares generic signatures with their type parameters erased)
 * may be any endpoint, as the former `Extract` over every endpoint had it.
 */
export type EndpointOf<R extends RouteDef> = 0 extends 1 & R
  ? AnyEndpoint
  : EndpointAt<RouteKey<R>>;

/** What a route answers on success. */
export type ApiAnswer<R extends RouteDef> = ResponseFor<EndpointOf<R>>;
/** What a route takes as its JSON body. */
export type ApiBody<R extends RouteDef> = BodyFor<EndpointOf<R>>;

type Part<Name extends string, T, Optional extends boolean = false> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : Optional extends true
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** Per call, whatever the route: cancelling, retrying one action, a one-off identity. */
export interface CallControls {
  signal?: AbortSignal;
  /** Retrying one action of an idempotent endpoint: pass the key of its first attempt. */
  idempotencyKey?: string;
  /** Use this token instead of the app's current one (null: send none). */
  token?: string | null;
  /** An identity failure is this call's own business (logout): no handler runs. */
  quietIdentityFailure?: boolean;
}

export type CallOptions<R extends RouteDef> = Part<'params', ParamsFor<EndpointOf<R>>> &
  Part<'query', QueryFor<EndpointOf<R>>, true> &
  Part<'body', BodyFor<EndpointOf<R>>> &
  CallControls;

/**
 * The options argument: optional when the route needs no params and no body; a method the
 * contract has not for that path leaves no valid argument (a type error).
 */
export type CallArgs<R extends RouteDef> = [EndpointOf<R>] extends [never]
  ? [unknownRoute: never]
  : Partial<CallOptions<R>> extends CallOptions<R>
    ? [CallOptions<R>?]
    : [CallOptions<R>];

/** Client-side failures (no answer arrived); each app's catalogue words them. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT';

/** What a failure answer may carry next to `message` (server decisions 0050, 0052, 0112). */
export interface ApiErrorDetails {
  /** Seconds until the call can succeed (a sign-in lock, a throttle). */
  retryAfterSeconds?: number;
  /** The request field the failure is about (e.g. `password`). */
  field?: string;
  /** Baht of the member's own money a withdrawal would forfeit (decision 0112). */
  forfeit?: number;
  /** Baht the member can withdraw now without forfeiting their own money (decision 0112). */
  withdrawable?: number;
  /** Why a gift link was refused, beside TRUELINK_INVALID (contract giftLinkRefusalReasons). */
  reason?: string;
  /** When the member can act again (ISO time) beside a protection refusal (decision 0139); null: never, as set. */
  retryAt?: string | null;
  /** Baht that still fit a deposit or loss limit (decision 0139). */
  remaining?: number;
}

/** A failed call: the catalogue code (`message`, also `code`), the status and the details. */
export class ApiError extends Error {
  /** The catalogue code of the answer's `{ message }`, or a ClientErrorCode (= message). */
  readonly code: string;
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  readonly details: ApiErrorDetails;
  constructor(code: string, status: number, details: ApiErrorDetails = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** The catalogue code of a failed call (NETWORK_ERROR when it was not an ApiError). */
export const errorCodeOf = (error: unknown): string =>
  error instanceof ApiError ? error.code : 'NETWORK_ERROR';

const isBaht = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function fieldOf(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** The details a failure answer carries, each only when it has its expected shape. */
export function detailsOf(body: unknown): ApiErrorDetails {
  if (!body || typeof body !== 'object') return {};
  const { retryAfterSeconds, field, forfeit, withdrawable, reason, retryAt, remaining } =
    body as Record<string, unknown>;
  const details: ApiErrorDetails = {};
  if (typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0)
    details.retryAfterSeconds = retryAfterSeconds;
  if (typeof field === 'string') details.field = field;
  if (isBaht(forfeit)) details.forfeit = forfeit;
  if (isBaht(withdrawable)) details.withdrawable = withdrawable;
  if (typeof reason === 'string') details.reason = reason;
  if (typeof retryAt === 'string' || retryAt === null) details.retryAt = retryAt;
  if (isBaht(remaining)) details.remaining = remaining;
  return details;
}

/** Reads an answer body as JSON (a non-JSON body becomes `{ message: text }`). */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

/** `?a=1&b=x` from the defined fields, or '' when there are none. */
export function queryString(query: Record<string, unknown> = {}): string {
  const text = new URLSearchParams(
    Object.entries(query).filter(([, value]) => value != null && value !== '') as string[][],
  ).toString();
  return text && `?${text}`;
}

const signInAgain: ReadonlySet<string> = new Set([...signInAgainCodes, CANNOT_VERIFY_IDENTITY_TH]);

/** Whether an answer's message says the caller must sign in again. */
export function isSignInAgainMessage(message: unknown): boolean {
  return typeof message === 'string' && signInAgain.has(message);
}

/** An identity failure as the app's handler sees it. */
export interface IdentityFailure {
  status: number;
  code: string;
  /** The headers the call was sent with (was it the current session's token?). */
  sent: Readonly<Record<string, string>>;
}

export interface ApiClientConfig {
  /** The headers every call carries (identity, token, language), per call. */
  headers: (call: Pick<CallControls, 'token'>) => Record<string, string>;
  /**
   * The Idempotency-Key of a call whose caller passes none. Without it, only a key the caller
   * passes is sent (the member app: one key per user action, decision 0021); the console
   * passes `freshKeyOnIdempotentRoutes`.
   */
  idempotencyKey?: (call: { idempotent?: boolean }) => string | undefined;
  /** An answer arrived (any status): the console counts it as activity. */
  onAnswer?: (sent: Readonly<Record<string, string>>) => void;
  /** `{ message: 'gone' }`, any status (spec: the site is closed). Without it, a plain error. */
  onGone?: () => void;
  /** A sign-in-again code (UNAUTHORIZED, EXPIRED_AUTH_TOKEN, INVALID_USER_*, ...). */
  onIdentityFailure?: (failure: IdentityFailure) => void;
  /** Runs before a failure is thrown (the member app loads its error texts); must not throw. */
  beforeError?: () => Promise<unknown> | void;
}

/** A fresh key on every route the contract marks idempotent (the console's policy). */
export const freshKeyOnIdempotentRoutes = (call: { idempotent?: boolean }) =>
  call.idempotent ? crypto.randomUUID() : undefined;

/** A request by method and path: what `call` makes of a route and its options. */
interface RawRequest extends CallControls {
  method: HttpMethod;
  path: string;
  body?: unknown;
  timeoutMs?: number;
  idempotent?: boolean;
}

export interface ApiClient {
  /** Calls one route, typed by it. */
  call<R extends ContractRoute>(route: R, ...[options]: CallArgs<R>): Promise<ApiAnswer<R>>;
  /** The headers a call carries (the upload transport sends them too). */
  headers(call: CallControls & { idempotent?: boolean }): Record<string, string>;
  /** The common answer rules on a status and a parsed body: the answer, or a thrown ApiError. */
  settle<T>(
    status: number,
    body: unknown,
    sent: Readonly<Record<string, string>>,
    call?: CallControls,
  ): Promise<T>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  function headers(call: CallControls & { idempotent?: boolean }): Record<string, string> {
    const out: Record<string, string> = { Accept: 'application/json', ...config.headers(call) };
    const key = call.idempotencyKey ?? config.idempotencyKey?.(call);
    if (key) out[IDEMPOTENCY_HEADER] = key;
    return out;
  }

  async function settle<T>(
    status: number,
    body: unknown,
    sent: Readonly<Record<string, string>>,
    call: CallControls = {},
  ): Promise<T> {
    config.onAnswer?.(sent);
    const message = fieldOf(body, 'message');
    if (message === GONE && config.onGone) {
      config.onGone();
      throw new ApiError(GONE, status);
    }
    if (status >= 200 && status < 300) return body as T;
    const code = typeof message === 'string' ? message : `HTTP_${status}`;
    if (isSignInAgainMessage(code) && !call.quietIdentityFailure)
      config.onIdentityFailure?.({ status, code, sent });
    await config.beforeError?.();
    throw new ApiError(code, status, detailsOf(body));
  }

  async function request<T>(req: RawRequest): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, req.timeoutMs ?? limits.requestTimeoutMs);
    const onOuterAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onOuterAbort, { once: true });

    const sent = headers(req);
    if (req.body !== undefined) sent['Content-Type'] = 'application/json';
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(req.path, {
        method: req.method,
        headers: sent,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      status = response.status;
      body = parseBody(await response.text());
    } catch (error) {
      if (timedOut) throw new ApiError('TIMEOUT' satisfies ClientErrorCode, 0);
      if (req.signal?.aborted) throw error;
      throw new ApiError('NETWORK_ERROR' satisfies ClientErrorCode, 0);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onOuterAbort);
    }
    return settle<T>(status, body, sent, req);
  }

  function call<R extends ContractRoute>(
    route: R,
    ...[options]: CallArgs<R>
  ): Promise<ApiAnswer<R>> {
    const opts = (options ?? {}) as CallControls & {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    return request<ApiAnswer<R>>({
      ...opts,
      method: route.method,
      path: buildPath(route.path, opts.params) + queryString(opts.query),
      timeoutMs: route.timeoutMs,
      idempotent: route.idempotent,
    });
  }

  return { call, headers, settle };
}
