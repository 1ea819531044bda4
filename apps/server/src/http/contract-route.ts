// Registers a route FROM its contract definition: method, path and access come from the
// contract; params and body are parsed with the contract schemas (unknown fields refused,
// issues mapped to KEY_MISSING / KEY_INVALID); the answer is checked against the response
// schema before it is sent, failing closed with 500 INTERNAL_SERVER_ERROR.
import type { Access, EndpointDef, Locale, ResponseFor } from '@wallet/contract';
import { IDEMPOTENCY_HEADER } from '@wallet/contract';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, AuthContext, MemberAuth, OperatorAuth } from '../deps';
import { DomainError } from '../lib/domain-error';
import { localeFrom } from '../lib/locale';
import { takeFromWindowOrPass } from '../ports/shared-counter';
import {
  keylessKey,
  parseIdempotencyKey,
  parseOptionalIdempotencyKey,
  requestHash,
  runIdempotent,
} from './idempotency';
import type { Upload, UploadOptions } from './multipart';
import { readUpload, uploadFingerprint } from './multipart';

/**
 * Who is calling, checked against an endpoint's access (null for 'public'); throws the
 * auth module's errors. app.ts decorates the app with the auth module's `authorize`, so
 * http/ imports no module (decision 0063).
 */
export type Authorizer = (
  access: Access,
  authorization: string | undefined,
) => Promise<AuthContext | null>;

/** What one operator call did, for the audit log (decision 0086). */
export interface AuditNote {
  /** What it acted on: `member:100012`, `withdrawal:42`, `setting:registerOTP`. */
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row. app.ts decorates the app with the audit module's writer, so http/
 * imports no module (decision 0063).
 */
export type Auditor = (row: {
  operator: OperatorAuth;
  action: string;
  ip: string;
  userAgent: string | null;
  outcome: string;
  note: AuditNote;
}) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    authorizer: Authorizer;
    auditor: Auditor;
  }
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

type AccessContext<A> = A extends 'member'
  ? { member: MemberAuth }
  : A extends 'operator'
    ? {
        operator: OperatorAuth;
        /**
         * Names the target and the before/after of this call's audit row (every operator call
         * but a GET writes one; without a note, the target is the path parameters and `after`
         * the request body, secrets redacted). Call it once the change is known.
         */
        audit: (note: AuditNote) => void;
      }
    : object;

export type RouteContext<E extends EndpointDef> = {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  /**
   * For endpoints marked `idempotent`: the caller-scoped key (`member:12:<Idempotency-Key>`)
   * that the service passes on to the ledger, so a re-run can never post twice. A member's
   * request without a key gets `member:12:~s<session>:<fingerprint>:<claim id>` (decision 0053).
   */
  idempotencyKey: E['idempotent'] extends true ? string : undefined;
  /** For `multipart` endpoints: the uploaded file, or what was wrong with the upload. */
  upload: E['multipart'] extends true ? Upload : undefined;
} & AccessContext<E['access']>;

/**
 * An answer already checked against the contract and serialized to UTF-8 (a cached answer,
 * decisions 0034 and 0039): sent as it is, without a second check, and as bytes, so each
 * send neither measures nor encodes the text again. Build it only from a checked answer.
 */
export class CheckedJson<T> {
  declare private readonly brand: T;
  private compressed: Buffer | undefined;
  constructor(readonly bytes: Buffer) {}

  /**
   * The bytes gzipped, made once per answer (a cached answer is sent many times): phones
   * asking with `Accept-Encoding: gzip` get the 5.7 KB wallet answer in about 1 KB.
   */
  gzipped(): Buffer {
    this.compressed ??= gzipSync(this.bytes);
    return this.compressed;
  }
}

/** Below this, gzip saves too little to be worth a header and a decode. */
const GZIP_MIN_BYTES = 1024;

/** Whether an Accept-Encoding header accepts gzip (`gzip` or `*`, not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Checks an answer against the endpoint's response schema and serializes it once. */
export function checkedJson<E extends EndpointDef>(def: E, answer: ResponseFor<E>) {
  return new CheckedJson<ResponseFor<E>>(
    Buffer.from(JSON.stringify(def.response.parse(answer)), 'utf8'),
  );
}

export interface RouteOptions {
  /** Per-IP limit (@fastify/rate-limit); exceeding it answers 429 REQUEST_LIMIT_1MIN. */
  rateLimit?: { max: number; timeWindow: number };
  /**
   * Per signed-in member and this endpoint, counted where every server process sees it
   * (deps.counters, decision 0103), before the input is read; exceeding it answers 429
   * REQUEST_LIMIT with `retryAfterSeconds` (decision 0120). When the shared counters fail
   * the call goes through, logged, as with the per-IP limits.
   */
  memberLimit?: { max: number; timeWindow: number };
  /** Required for `multipart` endpoints: which field carries the file, and its size cap. */
  upload?: UploadOptions;
  /**
   * A refused body names its first bad field (`{ message, field }`), so a form can show the
   * error at that field (registration; decision 0052).
   */
  reportField?: boolean;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A missing field is KEY_MISSING; anything else wrong (type, shape, extra field) KEY_INVALID. */
export function inputErrorCode(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): 'KEY_MISSING' | 'KEY_INVALID' {
  const missing = issues.some(
    (issue) => issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined,
  );
  return missing ? 'KEY_MISSING' : 'KEY_INVALID';
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  reportField = false,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const code = inputErrorCode(result.error.issues, input);
  const field = result.error.issues[0]?.path[0];
  throw new DomainError(
    code,
    400,
    reportField && typeof field === 'string' ? { details: { field } } : undefined,
  );
}

/** Without a note, an audit row names the path parameters: `id:42`, `memberId:100012`. */
function defaultTarget(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const parts = Object.entries(params as Record<string, unknown>).map(([k, v]) => `${k}:${v}`);
  return parts.length > 0 ? parts.join(',') : null;
}

export function route<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  options: RouteOptions,
  handler: (ctx: RouteContext<E>) => Promise<ResponseFor<E> | CheckedJson<ResponseFor<E>>>,
): void {
  const { deps } = app;
  const authorizer: Authorizer | undefined = app.hasDecorator('authorizer')
    ? app.authorizer
    : undefined;
  if (def.access !== 'public' && !authorizer)
    throw new Error(`${def.method} ${def.path} needs app.authorizer (set in app.ts)`);
  const auditor: Auditor | undefined = app.hasDecorator('auditor') ? app.auditor : undefined;
  if (def.access === 'operator' && !def.roles)
    throw new Error(`${def.method} ${def.path}: an operator route must name its roles`);
  if (def.contentType && (def.method !== 'GET' || def.idempotent))
    throw new Error(`${def.method} ${def.path}: a ${def.contentType} answer is for GET reads only`);
  if (def.auditRead && (def.method !== 'GET' || def.access !== 'operator'))
    throw new Error(`${def.method} ${def.path}: auditRead is for operator GET reads only`);
  const uploadOptions = options.upload;
  if (def.multipart && !uploadOptions)
    throw new Error(`${def.method} ${def.path} is multipart: pass options.upload`);
  app.route({
    method: def.method,
    url: def.path,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    handler: async (request, reply) => {
      const auth =
        def.access === 'public' || !authorizer
          ? null
          : await authorizer(def.access, request.headers.authorization);
      const operator = auth?.kind === 'operator' ? auth : undefined;
      // The audit row of a changing operator call, or of a read of member data (`auditRead`,
      // decision 0119): written whatever the outcome.
      const note: AuditNote = {};
      const audited =
        operator !== undefined &&
        (def.method !== 'GET' || def.auditRead === true) &&
        auditor !== undefined;
      const writeAudit = async (outcome: string) => {
        if (!audited) return;
        await auditor({
          operator,
          action: `${def.method} ${def.path}`,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          outcome,
          note: {
            target: note.target ?? defaultTarget(request.params),
            before: note.before,
            // A read's row names what was asked for: its query (a search, a report's days).
            after:
              'after' in note ? note.after : def.method === 'GET' ? request.query : request.body,
          },
        });
      };
      // Roles (decision 0086): admin may call every operator route; others only those listing them.
      if (operator && operator.role !== 'admin' && !def.roles?.includes(operator.role)) {
        await writeAudit('UNAUTHORIZED');
        throw new DomainError('UNAUTHORIZED', 403);
      }
      if (options.memberLimit && auth?.kind === 'member') {
        // Shared counters down: let the call through, as the per-IP limits do (0103).
        const wait = await takeFromWindowOrPass(
          deps.counters,
          `member:${def.method} ${def.path}:${auth.memberId}`,
          options.memberLimit.max,
          options.memberLimit.timeWindow,
          (error) => request.log.warn({ err: error }, 'member limit: shared counters failed'),
        );
        if (wait !== undefined)
          throw new DomainError('REQUEST_LIMIT', 429, { details: { retryAfterSeconds: wait } });
      }
      // A refused input is an attempt worth a row too (outcome: the code it was refused with).
      const input = async () => {
        const params = def.params ? parseInput(def.params, request.params) : undefined;
        const query = def.query ? parseInput(def.query, request.query) : undefined;
        // A multipart body is the file (read below), never a schema's input.
        const body =
          def.body && !def.multipart
            ? parseInput(def.body, request.body, options.reportField)
            : undefined;
        // The key is checked before an upload is read, so a bad one costs nothing. Members may
        // leave it out (the spec's client sends none, decision 0053); operators may not.
        const keyHeader = request.headers[IDEMPOTENCY_HEADER];
        const key = !def.idempotent
          ? undefined
          : auth?.kind === 'member'
            ? parseOptionalIdempotencyKey(keyHeader)
            : parseIdempotencyKey(keyHeader);
        const upload =
          uploadOptions && def.multipart ? await readUpload(request, uploadOptions) : undefined;
        return { params, query, body, key, upload };
      };
      let parsed: Awaited<ReturnType<typeof input>>;
      try {
        parsed = await input();
      } catch (error) {
        await writeAudit(error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR');
        throw error;
      }
      const { params, query, body, key, upload } = parsed;
      const ctx = {
        params,
        query,
        body,
        locale: localeFrom(request.headers['accept-language']),
        request,
        reply,
        deps,
        upload,
        ...(auth?.kind === 'member' ? { member: auth } : {}),
        ...(operator ? { operator, audit: (given: AuditNote) => Object.assign(note, given) } : {}),
      } as RouteContext<E>;
      const answerChecked = async () => {
        let answer: Awaited<ReturnType<typeof handler>>;
        try {
          answer = await handler(ctx);
        } catch (error) {
          await writeAudit(error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR');
          throw error;
        }
        await writeAudit('ok');
        if (answer instanceof CheckedJson) {
          // Reads only: a stored idempotent answer must stay an object.
          if (def.idempotent) throw new Error(`${def.path}: CheckedJson on a money call`);
          reply.type('application/json; charset=utf-8');
          if (answer.bytes.length < GZIP_MIN_BYTES) return answer.bytes;
          reply.header('vary', 'accept-encoding');
          if (!acceptsGzip(request.headers['accept-encoding'])) return answer.bytes;
          reply.header('content-encoding', 'gzip');
          return answer.gzipped();
        }
        const checked = def.response.safeParse(answer);
        if (!checked.success) {
          request.log.error(
            { route: `${def.method} ${def.path}`, issues: checked.error.issues },
            'answer does not match the contract',
          );
          throw new DomainError('INTERNAL_SERVER_ERROR', 500);
        }
        // A file of bytes (decision 0145): the handler named its type and file name.
        if (def.contentType === 'application/octet-stream') {
          const bytes = checked.data as Uint8Array;
          return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        }
        // A file answer (decision 0094): the checked text, sent as its type in UTF-8.
        if (def.contentType) {
          reply.type(`${def.contentType}; charset=utf-8`);
          return Buffer.from(String(checked.data), 'utf8');
        }
        // The parsed answer: object schemas drop any field the contract does not declare.
        return checked.data;
      };
      if (!def.idempotent) return answerChecked();

      // Money calls (docs/decisions/0013-idempotency-keys.md): a retry with the same key
      // gets the first answer, status included, and never runs the money move again.
      // Without a key (decision 0053) the session and the request's fingerprint stand in for
      // one, for a short window: a double tap posts once, a later identical request posts.
      const scope =
        auth?.kind === 'member' ? `member:${auth.memberId}` : `operator:${auth?.operatorId ?? 0}`;
      const hash = requestHash(
        upload
          ? [def.method, def.path, params, body, uploadFingerprint(upload)]
          : [def.method, def.path, params, body],
      );
      const claim =
        key !== undefined
          ? { scope, key, hash }
          : {
              scope,
              key: keylessKey(auth?.sessionId ?? 0, hash),
              hash,
              windowMs: deps.config.idempotency.keylessWindowMs,
            };
      const stored = await runIdempotent(deps.db, deps.clock, claim, async (claimId) => {
        (ctx as { idempotencyKey?: string }).idempotencyKey =
          key !== undefined ? `${scope}:${key}` : `${scope}:${claim.key}:${claimId}`;
        return { statusCode: 200, body: await answerChecked() };
      });
      reply.code(stored.statusCode);
      return stored.body;
    },
  });
}
