// The audit log's queries (decision 0086). Inserts and reads only: the table is append-only
// in the database itself (migration 0017's triggers), so no code path could change a row.
import type { Db } from '../../db/database';

export interface AuditRow {
  at: string;
  operator_id: number | null;
  operator_username: string | null;
  role: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: string;
  before_json: string | null;
  after_json: string | null;
}

export async function insertAudit(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  q?: string;
  operator?: string;
  /** ISO instants, inclusive lower and exclusive upper bound. */
  fromAt?: string;
  toAt?: string;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.operator) query = query.where('operator_username', '=', filter.operator);
  if (filter.fromAt) query = query.where('at', '>=', filter.fromAt);
  if (filter.toAt) query = query.where('at', '<', filter.toAt);
  if (filter.q) {
    // LIKE with the wildcards of the search text escaped: a search for "50%" means 50%.
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['operator_username', 'action', 'target', 'outcome'] as const).map((column) =>
          eb(eb.fn('lower', [eb.fn.coalesce(column, eb.val(''))]), 'like', pattern),
        ),
      ),
    );
  }
  return query;
}

export async function searchAudit(
  db: Db,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: (AuditRow & { id: number })[]; total: number }> {
  const base = filtered(db, filter);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The newest successful row naming `target` (index audit_log_target_idx, migration 0022). */
export function findLastAuditOf(
  db: Db,
  target: string,
): Promise<{ operator_username: string | null; at: string } | undefined> {
  return db
    .selectFrom('audit_log')
    .select(['operator_username', 'at'])
    .where('target', '=', target)
    .where('outcome', '=', 'ok')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
