// The payout reconciler: a background loop (started by main.ts, stopped on shutdown) that
// resolves withdrawals whose payout outcome was unknown. Each pass is bounded; passes never
// overlap; a failing pass is logged and the next one tries again.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { reconcilePayouts } from './withdrawals.service';

export interface RunningJob {
  /** Stops the loop and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

export function startPayoutReconciler(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'payoutRail'>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = deps.config.withdraw.reconcileIntervalMs,
): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const report = await reconcilePayouts(deps);
      if (report.checked > 0) log.info({ event: 'payout_reconcile', ...report }, 'withdrawals');
    } catch (error) {
      log.error({ err: error }, 'payout reconcile failed');
    }
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = pass().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
