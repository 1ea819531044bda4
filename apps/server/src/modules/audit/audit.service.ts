// Who did what, when, from where, before and after (issue 13, decision 0086). Every operator
// call that is not a read writes one row through `recordAudit` (http/contract-route.ts does
// it for every operator route; sign-in events are written by the auth module).
import type { AuditEntry, AuditEvent } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { bangkokDayStart } from '../../lib/bangkok-day';
import { HOUR_MS } from '../../lib/clock';
import { takeFromWindow } from '../../ports/shared-counter';
import { findLastAuditOf, insertAudit, searchAudit } from './audit.repository';

export interface AuditRecord {
  operator: { operatorId: number; username: string; role: string } | null;
  /** `METHOD /path/:param`, or an event name such as `login_ok`. */
  action: string;
  target?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** `ok` or the error code answered. */
  outcome: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Field names whose values never reach the log: passwords typed into a form, secrets,
 * tokens. (Promotion or bank `code`s are what a row is about, and stay.)
 */
const SECRET_KEY = /passw|secret|token|^pin$/i;

/** A copy safe to store: secret-looking fields replaced, long text cut. */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactForAudit(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      SECRET_KEY.test(key) ? '[redacted]' : redactForAudit(v, depth + 1),
    ]),
  );
}

/** A user agent is kept to this many characters (decision 0119): enough to tell browsers apart. */
export const USER_AGENT_MAX = 160;

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(redactForAudit(value));

export async function recordAudit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  record: AuditRecord,
): Promise<void> {
  await insertAudit(deps.db, {
    at: isoNow(deps.clock),
    operator_id: record.operator?.operatorId ?? null,
    operator_username: record.operator?.username ?? null,
    role: record.operator?.role ?? null,
    action: record.action,
    target: record.target ?? null,
    ip: record.ip ?? null,
    user_agent: record.userAgent ? record.userAgent.slice(0, USER_AGENT_MAX) : null,
    outcome: record.outcome,
    before_json: json(record.before),
    after_json: json(record.after),
  });
}

/**
 * A row a caller without a session caused: a failed sign-in (decision 0119). Strangers must
 * not be able to fill the log: at most AUDIT_SIGN_IN_ROWS_PER_IP_HOUR rows per client IP and
 * AUDIT_SIGN_IN_ROWS_PER_HOUR in all are written per hour (counted on deps.counters, so every
 * process sees them); beyond, the row is not written and the answer says so (the caller logs
 * it). The first row past the overall budget writes one `audit_rows_suppressed` row, so the
 * log shows that a flood began and when its hour ends.
 */
export async function recordStrangerAudit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'counters'>,
  record: AuditRecord & { ip: string },
): Promise<'written' | 'suppressed'> {
  const { signInRowsPerIpHour, signInRowsPerHour } = deps.config.audit;
  const perIp = await takeFromWindow(
    deps.counters,
    `audit-sign-in:ip:${record.ip}`,
    signInRowsPerIpHour,
    HOUR_MS,
  );
  if (perIp !== undefined) return 'suppressed';
  const { count, ttlMs } = await deps.counters.hit('audit-sign-in:all', HOUR_MS);
  if (count <= signInRowsPerHour) {
    await recordAudit(deps, record);
    return 'written';
  }
  if (count === signInRowsPerHour + 1)
    await recordAudit(deps, {
      operator: null,
      action: 'audit_rows_suppressed' satisfies AuditEvent,
      outcome: 'audit_rows_suppressed',
      after: {
        reason: 'failed sign-ins over AUDIT_SIGN_IN_ROWS_PER_HOUR',
        until: new Date(deps.clock.now().getTime() + ttlMs).toISOString(),
      },
    });
  return 'suppressed';
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  query: {
    q?: string;
    operator?: string;
    from?: string;
    to?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: AuditEntry[]; total: number; page: number }> {
  const { rows, total } = await searchAudit(
    deps.db,
    {
      q: query.q || undefined,
      operator: query.operator || undefined,
      fromAt: query.from ? bangkokDayStart(query.from) : undefined,
      toAt: query.to ? bangkokDayStart(query.to, 1) : undefined,
    },
    query.page,
    query.pageSize,
  );
  return {
    page: query.page,
    total,
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at,
      operator: row.operator_username,
      role: row.role,
      action: row.action,
      target: row.target,
      ip: row.ip,
      userAgent: row.user_agent,
      outcome: row.outcome,
      before: parse(row.before_json),
      after: parse(row.after_json),
    })),
  };
}

/** Who last changed `target` (e.g. `setting:notice`) and when; null when nobody has. */
export async function lastChangeOf(
  deps: Pick<AppDeps, 'db'>,
  target: string,
): Promise<{ operator: string | null; at: string } | null> {
  const row = await findLastAuditOf(deps.db, target);
  return row ? { operator: row.operator_username, at: row.at } : null;
}
