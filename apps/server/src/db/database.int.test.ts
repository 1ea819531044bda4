import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachDialect } from '../../test/helpers';

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
});
