import type { z } from 'zod';
import type { Access, HttpMethod, OperatorRole } from './routes';

export type { Access, HttpMethod, OperatorRole };

/** The GitHub issue that implements the endpoint on the server (2 = foundation). */
export type Milestone = 2 | 3 | 4 | 5 | 6 | 13 | 14 | 26 | 28 | 29;

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify-style path, `:param` for path parameters. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodObject;
  /** Query-string fields (operator searches and pages; strings in, coerced by the schema). */
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** multipart/form-data upload; `body` then describes the non-file fields. */
  multipart?: boolean;
  /**
   * Money-moving calls take an `Idempotency-Key` header (reliability.md, T1): exactly-once
   * per key. Operators must send one; members may leave it out, and then an identical
   * request of the same session within a few seconds gets the first answer (decision 0053).
   */
  idempotent?: boolean;
  /** Client-side timeout in ms when it differs from the 60 s default (spec section 9). */
  timeoutMs?: number;
  milestone: Milestone;
  /** Operator endpoints: the roles besides admin that may call it (routes.ts, decision 0086). */
  roles?: readonly OperatorRole[];
  /**
   * A non-JSON answer (routes.ts `contentType`, decision 0094): the text sent as this type;
   * `application/octet-stream` (decision 0145): bytes whose type the handler names.
   */
  contentType?: 'text/csv' | 'application/octet-stream';
  /** A read of member data audited like a change (routes.ts `auditRead`, decision 0119). */
  auditRead?: boolean;
}

/** Declares an endpoint while keeping its literal types. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodObject
  ? z.infer<E['params']>
  : undefined;
type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** Request pieces a client sends for endpoint E (path params and JSON body). */
export type RequestOf<E extends EndpointDef> = { params: ParamsOf<E>; body: BodyOf<E> };
export type ParamsFor<E extends EndpointDef> = ParamsOf<E>;
/** The query-string fields of endpoint E, as a client sends them. */
export type QueryFor<E extends EndpointDef> = E['query'] extends z.ZodObject
  ? z.input<E['query']>
  : undefined;
export type BodyFor<E extends EndpointDef> = BodyOf<E>;
/** The parsed answer of endpoint E. */
export type ResponseFor<E extends EndpointDef> = z.infer<E['response']>;

/** Fills `:param` placeholders, URL-encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `/api/wallet/activate/:code` -> `/api/wallet/activate/{code}` for OpenAPI. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Header names decided in docs/decisions/0002-http-contract-gaps.md. */
export const WALLET_USER_HEADER = 'x-wallet-user';
export const WALLET_USER_VALUE = 'member';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Upper-case language cookie (spec section 3, "Browser storage"). */
export const LANGUAGE_COOKIE = 'LANG';
/**
 * The member app's copy of a remembered session's token, sent only with `GET /user/home`
 * (Path, SameSite=Strict): the server renders that page per request with it (decision 0159).
 * The API never reads it.
 */
export const HOME_COOKIE = 'wallet_home';
/**
 * Set beside HOME_COOKIE (`1`, no secret, `Path=/`): where the member app's service worker can
 * read cookies, it tells it a remembered session is there (it cannot see HOME_COOKIE's path).
 */
export const HOME_COOKIE_MARK = 'wallet_home_on';
