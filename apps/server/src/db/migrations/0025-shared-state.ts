// Issue 15, several server processes on one database (decisions 0103, 0104).
// - shared_counters: the fixed-window counters of per-IP limits and per-caller windows when
//   they live in the database (PostgreSQL without Redis): one row per key, counted by one
//   upsert (db/shared-counter.ts); rows whose window ended are purged by housekeeping.
// - job_leases: one row per periodic job (housekeeping ...): `due_at` is when the next run
//   may start and, while a process runs it, the end of that process's lease; a run is taken
//   by a compare-and-set on it (reconcile/job-lease.ts), so one process runs each turn and a
//   holder that died leaves it to another once its lease ends.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const statements = [
  `create table shared_counters (
     key text primary key,
     count integer not null,
     window_ends_at text not null
   )`,
  `create index shared_counters_window_idx on shared_counters (window_ends_at)`,
  `create table job_leases (
     name text primary key,
     due_at text not null,
     holder text,
     runs integer not null default 0,
     last_finished_at text
   )`,
];

export function sharedState(): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
