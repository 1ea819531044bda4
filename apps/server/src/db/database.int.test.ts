import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachDialect } from '../../test/helpers';
import { prepared } from './prepared';
import { withTransaction } from './transaction';

const settingByKey = prepared(1, (db, key: string) =>
  db.selectFrom('operator_settings').select(['key', 'value_json']).where('key', '=', key),
);

forEachDialect('database connections', (get) => {
  it('survives connections dropped by the database and keeps answering', async () => {
    const { db, dialect } = get();
    // Open several pooled connections, then have the server kill every one of them.
    await Promise.all(Array.from({ length: 5 }, () => sql`select 1 as one`.execute(db)));
    if (dialect === 'postgres') {
      const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(0);
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db).catch(() => undefined);
      // Give the idle clients' 'error' events time to fire (an unhandled one ends the process).
      await new Promise((r) => setTimeout(r, 300));
    }
    const rows = await Promise.all(
      Array.from({ length: 5 }, async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            return (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one;
          } catch (error) {
            if (attempt >= 3) throw error;
          }
        }
      }),
    );
    expect(rows).toEqual([1, 1, 1, 1, 1]);
  });

  it('runs prepared queries with new arguments each time, as named statements on PostgreSQL', async () => {
    const { db, dialect } = get();
    await db
      .insertInto('operator_settings')
      .values([
        { key: 'prep-a', value_json: '"a"', updated_at: new Date().toISOString() },
        { key: 'prep-b', value_json: '"b"', updated_at: new Date().toISOString() },
      ])
      .execute();
    expect(await settingByKey.first(db, 'prep-a')).toEqual({ key: 'prep-a', value_json: '"a"' });
    expect(await settingByKey.first(db, 'prep-b')).toEqual({ key: 'prep-b', value_json: '"b"' });
    expect(await settingByKey.first(db, 'prep-none')).toBeUndefined();
    if (dialect === 'postgres') {
      // Prepared statements belong to a connection: ask on the one that just ran the query.
      const named = await withTransaction(db, async (trx) => {
        await settingByKey.first(trx, 'prep-a');
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(trx);
        return rows.filter((r) => r.statement.includes('"operator_settings"'));
      });
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^wallet_q\d+$/);
    }
  });
});
