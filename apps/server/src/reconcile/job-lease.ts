// Periodic jobs with several server processes on one database (issue 15, decision 0104): each
// turn of a job (housekeeping's hourly pass ...) is run by exactly one process. A job has one
// job_leases row; `due_at` is when its next turn may start. Every process polls it, and a
// turn is taken by a compare-and-set, as the reconcile kernel takes an item (lease.ts):
//   UPDATE job_leases SET due_at = <lease end>, holder = <me> WHERE name = ? AND due_at <= <now>
// Of two processes that poll at once, the second UPDATE waits for the first's row lock
// (PostgreSQL re-checks its WHERE on the new row; SQLite runs writers one at a time) and
// matches nothing. The holder ends its turn by setting the next due time, only while the
// lease is still its own; a holder that dies leaves `due_at` at its lease end, after which
// another process takes the job over.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { MINUTE_MS } from '../lib/clock';
import type { RunningJob } from './loop';
import { startPeriodicJob } from './loop';

/** This process, as job_leases.holder names it. */
export const processHolder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const plus = (clock: Clock, ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/**
 * Takes the current turn of job `name` until `leaseUntil` when it is due at `nowIso`; false
 * when it is not due or another process took it first.
 */
export async function takeJobTurn(
  db: Db,
  name: string,
  holder: string,
  nowIso: string,
  leaseUntil: string,
): Promise<boolean> {
  // The first poll ever creates the row, due at once.
  await db
    .insertInto('job_leases')
    .values({ name, due_at: nowIso, holder: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set((eb) => ({ due_at: leaseUntil, holder, runs: eb('runs', '+', 1) }))
    .where('name', '=', name)
    .where('due_at', '<=', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends a turn: the job is due again at `nextDue`. Only while `leaseUntil` is still the job's
 * lease (a holder whose lease ran out and was taken over changes nothing); false otherwise.
 */
export async function endJobTurn(
  db: Db,
  name: string,
  leaseUntil: string,
  nextDue: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ due_at: nextDue, last_finished_at: nowIso })
    .where('name', '=', name)
    .where('due_at', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface LeasedJobTiming {
  /** Time between the end of one turn and the start of the next (any process). */
  intervalMs: number;
  /** Longest a turn may take before another process may run the job again. */
  leaseMs: number;
  /** How often each process asks whether a turn is due (default: a minute, or the interval). */
  pollMs?: number;
}

/**
 * startPeriodicJob across processes: each process polls, and one takes each turn. A failing
 * pass is logged and the job is due again after the interval, like a passing one.
 */
export function startLeasedJob(
  name: string,
  pass: () => Promise<void>,
  timing: LeasedJobTiming,
  deps: { db: Db; clock: Clock },
  log: Pick<FastifyBaseLogger, 'error'>,
  holder = processHolder,
): RunningJob {
  const { db, clock } = deps;
  return startPeriodicJob(
    name,
    async () => {
      const leaseUntil = plus(clock, timing.leaseMs);
      if (!(await takeJobTurn(db, name, holder, clock.now().toISOString(), leaseUntil))) return;
      try {
        await pass();
      } finally {
        await endJobTurn(
          db,
          name,
          leaseUntil,
          plus(clock, timing.intervalMs),
          clock.now().toISOString(),
        );
      }
    },
    timing.pollMs ?? Math.min(timing.intervalMs, MINUTE_MS),
    log,
    true,
  );
}
