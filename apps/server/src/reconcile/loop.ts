// The one loop of the reconcile kernel (decision 0061): a pass of a flow takes its due items
// (lease.ts), asks the module's `resolve` about each, and ends each take by what it learnt;
// startReconcilers runs every flow's passes in the background, one call to start them all
// and one to stop them (main.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { isoNow, isoPlus } from '../lib/clock';
import { backoffMs } from './backoff';
import type { Flow, FlowReport, ReconcileRow, ReconcileTable, Resolution } from './flow';
import { claim, dueRows, errorText, release } from './lease';

export interface KernelDeps {
  db: Db;
  clock: Clock;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface RunningJob {
  /** Stops the loop and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

/**
 * A background loop: one pass every `intervalMs` (and one at once with `startNow`); passes
 * never overlap; a failing pass is logged and the next one tries again; the timer never
 * keeps the process alive.
 */
export function startPeriodicJob(
  name: string,
  pass: () => Promise<void>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
  startNow = false,
): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (startNow) tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}

/** One pass of one flow over the items due now. */
export async function reconcileOnce<T extends ReconcileTable>(
  flow: Flow<T>,
  deps: KernelDeps,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<FlowReport> {
  const report: FlowReport = {
    flow: flow.name,
    due: 0,
    claimed: 0,
    settled: 0,
    open: 0,
    retry: 0,
    review: 0,
    outcomes: {},
  };
  const count = (figure: string) => {
    report.outcomes[figure] = (report.outcomes[figure] ?? 0) + 1;
  };
  const queue = await dueRows(deps.db, flow.table, isoNow(deps.clock), flow.batch ?? 100);
  report.due = queue.length;

  const work = async (seen: ReconcileRow<T>) => {
    const leaseUntil = isoPlus(deps.clock, flow.leaseMs);
    const row = await claim(deps.db, flow.table, seen, leaseUntil, isoNow(deps.clock));
    if (!row) return;
    report.claimed += 1;
    let resolution: Resolution;
    try {
      resolution = await flow.resolve(row, count);
    } catch (error) {
      log?.error({ err: error, flow: flow.name, id: row.id }, 'reconcile: resolve failed');
      resolution = { kind: 'retry', error };
    }
    report[resolution.kind] += 1;
    if (resolution.outcome) count(resolution.outcome);
    await release(deps.db, flow.table, row.id, leaseUntil, endOfTake(flow, row, resolution, deps));
  };
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await work(row);
  };
  await Promise.all(Array.from({ length: Math.max(1, flow.concurrency ?? 1) }, worker));
  return report;
}

function endOfTake<T extends ReconcileTable>(
  flow: Flow<T>,
  row: ReconcileRow<T>,
  resolution: Resolution,
  deps: KernelDeps,
): { nextAttemptAt: string | null; lastError?: string } {
  switch (resolution.kind) {
    case 'settled':
      return { nextAttemptAt: null };
    case 'review':
      // The module keeps the reason in its own columns (status, last_error): not overwritten.
      return { nextAttemptAt: null };
    case 'open':
      return { nextAttemptAt: isoPlus(deps.clock, resolution.afterMs) };
    case 'retry':
      return {
        nextAttemptAt: isoPlus(
          deps.clock,
          resolution.afterMs ?? backoffMs(flow.backoff, Number(row.attempts)),
        ),
        lastError: errorText(resolution.error),
      };
  }
}

/** Runs every flow in the background (each at its own interval); one stop for all. */
export function startReconcilers(
  flows: readonly Flow<ReconcileTable>[],
  deps: KernelDeps,
  log: Log,
): RunningJob {
  const jobs = flows.map((flow) =>
    startPeriodicJob(
      `reconcile ${flow.name}`,
      async () => {
        const report = await reconcileOnce(flow, deps, log);
        if (report.claimed > 0) log.info({ event: 'reconcile', ...report }, 'reconciled');
      },
      flow.intervalMs,
      log,
      true,
    ),
  );
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
