// The slip retry job: a background loop (lib/periodic-job.ts) that asks the bank again
// about slips it could not verify yet. Each pass is bounded.
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { RunningJob } from '../../lib/periodic-job';
import type { Deps } from './slips.service';
import { retrySlips } from './slips.service';

export type RunningSlipJob = RunningJob;

export function startSlipRetryJob(
  deps: Deps,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = deps.config.slips.retryIntervalMs,
): RunningSlipJob {
  return startPeriodicJob(
    'slip retry',
    async () => {
      const report = await retrySlips(deps);
      if (report.checked > 0) log.info({ event: 'slip_retry', ...report }, 'slips');
    },
    intervalMs,
    log,
  );
}
