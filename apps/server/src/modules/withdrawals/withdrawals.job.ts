// The payout reconciler: a background loop (lib/periodic-job.ts) that resolves withdrawals
// whose payout outcome was unknown. Each pass is bounded.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { RunningJob } from '../../lib/periodic-job';
import { reconcilePayouts } from './withdrawals.service';

export type { RunningJob };

export function startPayoutReconciler(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'payoutRail'>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = deps.config.withdraw.reconcileIntervalMs,
): RunningJob {
  return startPeriodicJob(
    'payout reconcile',
    async () => {
      const report = await reconcilePayouts(deps);
      if (report.checked > 0) log.info({ event: 'payout_reconcile', ...report }, 'withdrawals');
    },
    intervalMs,
    log,
  );
}
