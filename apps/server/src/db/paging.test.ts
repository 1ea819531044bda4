import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countOf, offsetOf, pageOf } from './paging';

interface Tables {
  items: { id: number; owner: number; name: string };
  owners: { id: number; label: string };
}

/** A database that answers every count with `total` (as PostgreSQL does, in text) and every
 * other query with `rows`, and keeps what it was asked. */
function recording(total: string, rows: Record<string, unknown>[]) {
  const asked: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      asked.push(query);
      const isCount = query.sql.startsWith('select count(*)');
      return Promise.resolve({ rows: (isCount ? [{ n: total }] : rows) as R[] });
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, asked };
}

describe('paging', () => {
  it('skips the pages before the one asked', () => {
    expect(offsetOf({ page: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ page: 3, pageSize: 20 })).toBe(40);
  });

  it('reads counts of both dialects as numbers', () => {
    expect(countOf('12')).toBe(12);
    expect(countOf(12n)).toBe(12);
    expect(countOf(undefined)).toBe(0);
  });

  it('asks one page of the listed query and the count of the filtered one', async () => {
    const { db, asked } = recording('41', [{ id: 5, label: 'x' }]);
    const base = db.selectFrom('items').where('items.owner', '=', 9);
    const page = await pageOf(
      base,
      (q) =>
        q
          .innerJoin('owners', 'owners.id', 'items.owner')
          .select(['items.id', 'owners.label'])
          .orderBy('items.id', 'desc'),
      { page: 3, pageSize: 20 },
    );
    expect(page).toEqual({ rows: [{ id: 5, label: 'x' }], total: 41 });
    const [list, count] = asked;
    expect(list?.sql).toBe(
      'select "items"."id", "owners"."label" from "items" inner join "owners" on "owners"."id" = "items"."owner" where "items"."owner" = ? order by "items"."id" desc limit ? offset ?',
    );
    expect(list?.parameters).toEqual([9, 20, 40]);
    // The count has the filters, not the page's joins, order or window.
    expect(count?.sql).toBe('select count(*) as "n" from "items" where "items"."owner" = ?');
    expect(count?.parameters).toEqual([9]);
  });

  it('asks only the count for a page of no rows', async () => {
    const { db, asked } = recording('3', []);
    const page = await pageOf(db.selectFrom('items'), (q) => q.selectAll().orderBy('id'), {
      page: 1,
      pageSize: 0,
    });
    expect(page).toEqual({ rows: [], total: 3 });
    expect(asked.map((q) => q.sql)).toEqual(['select count(*) as "n" from "items"']);
  });
});
