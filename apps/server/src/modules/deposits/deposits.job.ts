// The deposit reconciler (decision 0026): a background loop (started by main.ts, stopped on
// shutdown) that asks the QR gateways about open QRs whose webhook never came (a lost
// webhook still credits), closes expired and cancelled QRs at their gateway, and resolves
// gift-link redemptions whose outcome was unknown (the loop: lib/periodic-job.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { RunningJob } from '../../lib/periodic-job';
import { reconcileGiftRedemptions } from './deposits.gift-links';
import { reconcileQrDeposits } from './deposits.qr';

export type { RunningJob };

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
  return startPeriodicJob(
    'deposit reconcile',
    async () => {
      const { qr, gifts } = await reconcileDeposits(deps);
      if (qr.checked > 0) log.info({ event: 'qr_reconcile', ...qr }, 'deposits');
      if (gifts.checked > 0) log.info({ event: 'gift_reconcile', ...gifts }, 'deposits');
    },
    intervalMs,
    log,
  );
}
