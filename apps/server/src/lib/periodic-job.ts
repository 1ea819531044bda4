// A background loop for the reconcilers and retry jobs (started by main.ts, stopped on
// shutdown): one pass every `intervalMs`; passes never overlap; a failing pass is logged and
// the next one tries again; the timer never keeps the process alive.
import type { FastifyBaseLogger } from 'fastify';

export interface RunningJob {
  /** Stops the loop and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

export function startPeriodicJob(
  name: string,
  pass: () => Promise<void>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const guarded = async () => {
    try {
      await pass();
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    }
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = guarded().finally(() => {
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
