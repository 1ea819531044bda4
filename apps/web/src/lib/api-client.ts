// The one fetch wrapper for /api (spec section 7, "Common rules"): same origin, the
// wallet-user header, the bearer token when held, Accept-Language = current locale, a 60 s
// timeout, the JSON body read directly; 'gone' sends everyone to /terminated and an identity
// failure clears the session and sends the user to /login.
import {
  CANNOT_VERIFY_IDENTITY_TH,
  GONE,
  IDEMPOTENCY_HEADER,
  limits,
  signInAgainCodes,
  WALLET_USER_HEADER,
  WALLET_USER_VALUE,
  type HttpMethod,
} from '@wallet/contract/client';
import { paths } from '@/config/paths';
import { getLocale, loadExtraMessages } from '@/i18n/i18n';
import { currentPath, navigateTo } from '@/lib/navigation';
import { loginUrl } from '@/lib/redirect';
import { clearSession, getToken, markTerminated } from '@/lib/session';

/** Client-side failure codes (not from the server catalogue); translated in `clientErrors`. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT';

/** What a failure answer may carry next to `message` (server decisions 0050, 0052). */
export interface ApiErrorDetails {
  /** Seconds until the call can succeed (a sign-in lock). */
  retryAfterSeconds?: number;
  /** The request field the failure is about (e.g. `password`). */
  field?: string;
  /**
   * Baht of the member's own money a withdrawal would forfeit (decision 0112): the figure a
   * confirmed request repeats as `confirmForfeit`.
   */
  forfeit?: number;
  /** Baht the member can withdraw now without forfeiting their own money (decision 0112). */
  withdrawable?: number;
  /** Why a gift link was refused, beside TRUELINK_INVALID (contract giftLinkRefusalReasons). */
  reason?: string;
}

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  readonly details: ApiErrorDetails;
  constructor(message: string, status: number, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

const isBaht = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function detailsOf(body: unknown): ApiErrorDetails {
  if (!body || typeof body !== 'object') return {};
  const { retryAfterSeconds, field, forfeit, withdrawable, reason } = body as Record<
    string,
    unknown
  >;
  const details: ApiErrorDetails = {};
  if (typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0)
    details.retryAfterSeconds = retryAfterSeconds;
  if (typeof field === 'string') details.field = field;
  if (isBaht(forfeit)) details.forfeit = forfeit;
  if (isBaht(withdrawable)) details.withdrawable = withdrawable;
  if (typeof reason === 'string') details.reason = reason;
  return details;
}

export interface ApiRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** Per-endpoint timeout from the contract (`timeoutMs`), else 60 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (null: send none). */
  token?: string | null;
  /** Do not redirect to /login on an identity failure (logout, session clearing). */
  skipSignInRedirect?: boolean;
  /** Money calls: one key per user action, reused for retries of it (lib/idempotency.ts). */
  idempotencyKey?: string;
}

const signInAgain: ReadonlySet<string> = new Set([...signInAgainCodes, CANNOT_VERIFY_IDENTITY_TH]);

export function isSignInAgainMessage(message: unknown): boolean {
  return typeof message === 'string' && signInAgain.has(message);
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

function goToLogin(): void {
  clearSession();
  const here = currentPath();
  if (here.startsWith(paths.login)) return;
  navigateTo(loginUrl(here), { replace: true });
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? limits.requestTimeoutMs);
  const onOuterAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const headers = apiHeaders(request);
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    body = await readBody(response);
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT' satisfies ClientErrorCode, 0);
    if (request.signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR' satisfies ClientErrorCode, 0);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onOuterAbort);
  }

  return settleAnswer<T>(response.status, body, request);
}

/** The headers every /api call carries (the upload helper uses them too). */
export function apiHeaders(
  request: Pick<ApiRequest, 'token' | 'idempotencyKey'> = {},
): Record<string, string> {
  const token = request.token === undefined ? getToken() : request.token;
  const headers: Record<string, string> = {
    [WALLET_USER_HEADER]: WALLET_USER_VALUE,
    Accept: 'application/json',
    'Accept-Language': getLocale(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.idempotencyKey) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
  return headers;
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

/**
 * The common answer rules: 'gone' goes to /terminated, an identity failure to /login, any
 * other non-2xx throws ApiError (after loading the error texts); a 2xx body is returned.
 */
export async function settleAnswer<T>(
  status: number,
  body: unknown,
  request: Pick<ApiRequest, 'skipSignInRedirect'> = {},
): Promise<T> {
  const message = messageOf(body);
  if (message === GONE) {
    markTerminated();
    navigateTo(paths.terminated, { replace: true });
    throw new ApiError(GONE, status);
  }
  if (status < 200 || status >= 300) {
    if (isSignInAgainMessage(message) && !request.skipSignInRedirect) goToLogin();
    // The error texts live in the second catalogue part (decision 0020): have them ready
    // before anyone shows this error. Without them the code itself is shown.
    await loadExtraMessages().catch(() => undefined);
    throw new ApiError(message ?? `HTTP ${status}`, status, detailsOf(body));
  }
  return body as T;
}
