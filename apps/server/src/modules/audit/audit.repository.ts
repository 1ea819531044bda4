// The audit log's queries (decision 0086). Inserts and reads only: the table is append-only
// in the database itself (migration 0017's triggers), so no code path could change a row.
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';

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

/**
 * `member:<number>` (or `memberNo:<number>`, any case): the rows about that member, the
 * console's search hint (issue 26). Changes name their target `member:<number>` (decision
 * 0088); reads and calls without a note name the path parameters, `memberNo:<number>` alone
 * or first among others (`memberNo:10002,sessionId:5`). The number matches exactly.
 */
export const MEMBER_SEARCH = /^member(?:no)?:\s*([0-9A-Za-z]+)$/i;

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.operator) query = query.where('operator_username', '=', filter.operator);
  if (filter.fromAt) query = query.where('at', '>=', filter.fromAt);
  if (filter.toAt) query = query.where('at', '<', filter.toAt);
  const member = filter.q ? MEMBER_SEARCH.exec(filter.q.trim()) : null;
  if (member) {
    // Letters and digits only (the pattern): nothing in it is a LIKE wildcard.
    const no = member[1]!;
    query = query.where((eb) =>
      eb.or([
        eb('target', '=', `member:${no}`),
        eb('target', '=', `memberNo:${no}`),
        eb('target', 'like', `memberNo:${no},%`),
      ]),
    );
  } else if (filter.q) {
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

export function searchAudit(
  db: Db,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: (AuditRow & { id: number })[]; total: number }> {
  return pageOf(filtered(db, filter), (q) => q.selectAll().orderBy('id', 'desc'), {
    page,
    pageSize,
  });
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
