// The slip retry job: a background loop (started by main.ts, stopped on shutdown) that asks
// the bank again about slips it could not verify yet. Each pass is bounded; passes never
// overlap; a failing pass is logged and the next one tries again.
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './slips.service';
import { retrySlips } from './slips.service';

export interface RunningSlipJob {
  /** Stops the loop and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

export function startSlipRetryJob(
  deps: Deps,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = deps.config.slips.retryIntervalMs,
): RunningSlipJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const report = await retrySlips(deps);
      if (report.checked > 0) log.info({ event: 'slip_retry', ...report }, 'slips');
    } catch (error) {
      log.error({ err: error }, 'slip retry failed');
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
