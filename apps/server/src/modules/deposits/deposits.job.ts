// The deposit reconciler (decision 0026): a background loop (started by main.ts, stopped on
// shutdown) that asks the QR gateways about open QRs whose webhook never came (a lost
// webhook still credits), closes expired and cancelled QRs at their gateway, and resolves
// gift-link redemptions whose outcome was unknown. Passes never overlap; a failing pass is
// logged and the next one tries again.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { reconcileGiftRedemptions } from './deposits.gift-links';
import { reconcileQrDeposits } from './deposits.qr';

export interface RunningJob {
  /** Stops the loop and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'qrGateway' | 'giftLinks'>;

/** One pass of both reconcilers. */
export async function reconcileDeposits(deps: JobDeps) {
  const qr = await reconcileQrDeposits(deps);
  const gifts = await reconcileGiftRedemptions(deps);
  return { qr, gifts };
}

export function startDepositReconciler(
  deps: JobDeps,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = deps.config.deposits.reconcileIntervalMs,
): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const { qr, gifts } = await reconcileDeposits(deps);
      if (qr.checked > 0) log.info({ event: 'qr_reconcile', ...qr }, 'deposits');
      if (gifts.checked > 0) log.info({ event: 'gift_reconcile', ...gifts }, 'deposits');
    } catch (error) {
      log.error({ err: error }, 'deposit reconcile failed');
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
