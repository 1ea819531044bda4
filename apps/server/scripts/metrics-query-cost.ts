// What the database figures of /metrics cost on PostgreSQL (decision 0105): fills
// game_transfers of a fresh migrated database with ROWS synthetic rows (foreign keys and
// triggers off for the fill), then prints the plan and time of the money-outcome count (by
// status) and of the reconcile backlog query, and what the running totals /metrics uses cost
// at the first read and after it.
//   bash scripts/with-postgres.sh npx tsx apps/server/scripts/metrics-query-cost.ts [rows]
// Talks only to TEST_DATABASE_URL (the throwaway cluster of with-postgres.sh).
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { countGameTransfersByStatus, gameTransferTally } from '../src/modules/games';
import { backlog } from '../src/reconcile';

const rows = Math.min(Number(process.argv[2] ?? 1_000_000), 5_000_000);
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is not set (run it under scripts/with-postgres.sh)');

const db = createDatabase(loadConfig({ DATABASE_URL: url }));
await migrateToLatest(db);
await db.connection().execute(async (conn) => {
  await sql`set session_replication_role = replica`.execute(conn);
  // 1 in 1000 PENDING (due now), the rest POSTED; in and out alternate.
  await sql
    .raw(
      `insert into game_transfers (ref, member_id, provider_code, direction, amount, status,
         hold_transaction_id, settle_transaction_id, attempts, next_attempt_at, created_at,
         updated_at, settled_at)
       select 'GT-' || i, 1 + i % 5000, 'PG', case when i % 2 = 0 then 'in' else 'out' end,
         100, case when i % 1000 = 0 then 'PENDING' else 'POSTED' end,
         case when i % 2 = 0 then i end,
         case when i % 1000 = 0 then null else 10000000 + i end,
         1, case when i % 1000 = 0 then '2020-01-01T00:00:00.000Z' end,
         '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z',
         case when i % 1000 = 0 then null else '2020-01-01T00:00:00.000Z' end
       from generate_series(1, ${rows}) as i`,
    )
    .execute(conn);
  await sql`set session_replication_role = origin`.execute(conn);
  await sql`analyze game_transfers`.execute(conn);
});

const nowIso = new Date().toISOString();
const explain = async (label: string, text: string) => {
  const plan = await sql.raw<{ 'QUERY PLAN': string }>(`explain analyze ${text}`).execute(db);
  console.log(`\n${label}:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
};
await explain(
  'money outcome (game transfers by direction, status)',
  `select direction, status, count(*) from game_transfers group by direction, status`,
);
await explain(
  'reconcile backlog (game transfers)',
  `select count(*), min(next_attempt_at) from game_transfers
    where next_attempt_at is not null and next_attempt_at <= '${nowIso}'`,
);
const time = async (label: string, run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[2]!.toFixed(1)} ms of 5 (through Kysely and pg)`);
};
console.log(`\n${rows} game transfers:`);
await time('countGameTransfersByStatus', () => countGameTransfersByStatus(db));
await time('backlog(game_transfers)', () => backlog(db, 'game_transfers', nowIso));
// What /metrics runs: the running totals (one scan at the first read, then ranges).
const tally = gameTransferTally(db, systemClock);
let started = performance.now();
await tally();
console.log(`gameTransferTally first read: ${(performance.now() - started).toFixed(1)} ms`);
await time('gameTransferTally later reads (1000 pending rows held)', () => tally());
started = performance.now();
await tally();
console.log(`gameTransferTally one more read: ${(performance.now() - started).toFixed(1)} ms`);
await db.destroy();
