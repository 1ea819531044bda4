// The one way a list is cut into pages (issue 27): the rows of one page and the count of all
// rows that pass the same filters, asked together. Every operator list and the member's own
// paged lists go through `pageOf`; nobody restates `(page - 1) * pageSize` or the count.
import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';

/** Which page (from 1) and how many rows a page holds. */
export interface PageWindow {
  page: number;
  pageSize: number;
}

/** Rows to skip before `window`'s page. */
export const offsetOf = ({ page, pageSize }: PageWindow): number => (page - 1) * pageSize;

/** A count as both dialects return it (PostgreSQL's bigint comes back as text). */
export const countOf = (n: number | string | bigint | null | undefined): number => Number(n ?? 0);

/**
 * One page of `base` and the number of rows `base` has. `base` is the query with its joins
 * and filters but no selection; `list` selects the page's columns and orders them (it may
 * join more tables: the count does not see those joins). A page size of 0 asks only the count.
 */
export async function pageOf<DB, TB extends keyof DB, O, ListDB, ListTB extends keyof ListDB>(
  base: SelectQueryBuilder<DB, TB, object>,
  list: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<ListDB, ListTB, O>,
  window: PageWindow,
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    window.pageSize > 0
      ? list(base).limit(window.pageSize).offset(offsetOf(window)).execute()
      : Promise.resolve([]),
    base.select(sql<number | string | bigint>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as O[], total: countOf((count as { n?: number | string } | undefined)?.n) };
}
