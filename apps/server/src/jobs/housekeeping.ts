// Deletes rows nobody needs any more, so tables that anonymous callers can grow (login
// throttle rows for unknown names, OTP requests, gift-link and promotion-code failure
// counters) stay small; stored files no row names (left by a crash mid-upload:
// jobs/orphan-files.ts); the images of slips that failed longer ago than their retention
// (decision 0045); shared counters whose window ended (decision 0103); and push events
// settled a month ago (decision 0152). main.ts runs it hourly through startHousekeeping: one
// process per turn however many run (decision 0104).
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { purgeSharedCounters } from '../db/shared-counter';
import type { RunningJob } from '../reconcile';
import { startLeasedJob } from '../reconcile';
import { purgeAttempts } from '../lib/attempt-throttle';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/clock';
import { purgeAuthRows } from '../modules/auth';
import { purgeOtpRequests } from '../modules/otp';
import { purgeSettledPushEvents } from '../modules/push';
import { sweepUnsentChatFiles } from '../modules/chat';
import { purgeFailedSlipFiles } from '../modules/slips';
import { moduleFileKeys, sweepOrphanFiles } from './orphan-files';

/** Rows older than this are purged (well past every window and expiry that reads them). */
const KEEP_MS = DAY_MS;

export async function housekeeping(deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore' | 'config'>) {
  const { db, clock } = deps;
  const now = clock.now();
  const before = new Date(now.getTime() - KEEP_MS).toISOString();
  const auth = await purgeAuthRows(db, now.toISOString(), before);
  const otpRequests = await purgeOtpRequests(db, before);
  const giftLinkThrottles = await purgeAttempts(
    db,
    'gift_link_throttle',
    before,
    now.toISOString(),
  );
  const promotionCodeThrottles = await purgeAttempts(
    db,
    'promotion_code_throttle',
    before,
    now.toISOString(),
  );
  // Chat uploads never sent lose their rows first; the store's sweep then removes the files.
  const unsentChatFiles = await sweepUnsentChatFiles(deps);
  const orphanFiles = await sweepOrphanFiles(deps, moduleFileKeys());
  const failedSlipFiles = await purgeFailedSlipFiles(deps);
  const sharedCounters = await purgeSharedCounters(db, now.toISOString());
  const pushEvents = await purgeSettledPushEvents(db, clock);
  return {
    ...auth,
    otpRequests,
    giftLinkThrottles,
    promotionCodeThrottles,
    unsentChatFiles,
    orphanFiles,
    failedSlipFiles,
    sharedCounters,
    pushEvents,
  };
}

/** Housekeeping every hour, each turn taken by one server process (decision 0104). */
export const HOUSEKEEPING_TIMING = { intervalMs: HOUR_MS, leaseMs: 15 * MINUTE_MS };

/** Starts housekeeping in the background (main.ts); stop() waits for a turn in progress. */
export function startHousekeeping(
  deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore' | 'config'>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): RunningJob {
  return startLeasedJob(
    'housekeeping',
    async () => log.info({ purged: await housekeeping(deps) }, 'housekeeping'),
    HOUSEKEEPING_TIMING,
    deps,
    log,
  );
}
