// The background reconciler of provider transfers (docs/decisions/0015): every pending
// transfer nobody holds is claimed (compare-and-set, so of several processes exactly one
// works on it), then resolved from the provider's side only:
//   status APPLIED  -> post;  REJECTED -> void;
//   NOT_FOUND       -> re-send the same ref and body (the provider applies a ref once);
//   no answer       -> leave it pending, try again later (backoff).
// Never a blind refund: money leaves a hold only on the provider's definite word.
import type { ProviderCode } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { GameTransferRow } from '../../db/schema';
import { isoNow, isoPlus } from '../../lib/clock';
import type { Settlement, TransferDeps } from './games.transfers';
import { leaseMs, releaseTransfer, sendTransfer, settleTransfer } from './games.transfers';
import * as repo from './games.repository';

const ACTOR = 'system:reconciler';
const MAX_BACKOFF_MS = 5 * 60_000;

export interface ReconcileReport {
  /** Rows this round claimed. */
  claimed: number;
  posted: number;
  voided: number;
  /** Claimed but still unknown (left pending for a later round). */
  unresolved: number;
  /** NOT_FOUND at the provider, so sent again with the same ref. */
  resent: number;
  /** Settled meanwhile by someone else (a request, another process). */
  alreadySettled: number;
}

export interface ReconcileOptions {
  /** Rows looked at per round. */
  batch?: number;
  /** Provider calls at once. */
  concurrency?: number;
}

const backoff = (deps: TransferDeps, attempts: number) =>
  Math.min(deps.config.games.reconcileIntervalMs * Math.max(1, attempts), MAX_BACKOFF_MS);

async function resolve(
  deps: TransferDeps,
  row: GameTransferRow,
  report: ReconcileReport,
): Promise<void> {
  const code = row.provider_code as ProviderCode;
  let outcome: Settlement;
  let balance: { value: number; observedAt: string } | undefined;
  try {
    const status = await deps.gameProvider.transferStatus(code, row.ref);
    if (status === 'NOT_FOUND') {
      const account = await repo.findAccount(deps.db, row.member_id, code);
      if (!account) throw new Error(`no ${code} account for member ${row.member_id}`);
      report.resent += 1;
      const sent = await sendTransfer(deps, row, account.username);
      if (sent.kind === 'unknown') throw sent.error;
      outcome = sent.outcome;
      if (sent.result) balance = { value: sent.result.balance, observedAt: sent.observedAt };
    } else {
      outcome = status;
    }
  } catch (error) {
    report.unresolved += 1;
    await releaseTransfer(deps, row.id, error, backoff(deps, row.attempts + 1));
    return;
  }
  const settled = await settleTransfer(deps, row.id, outcome, {
    actor: ACTOR,
    ...(balance ? { balance } : {}),
  });
  if (!settled.settledNow) report.alreadySettled += 1;
  else if (settled.row.status === 'POSTED') report.posted += 1;
  else report.voided += 1;
}

/** One round: claims up to `batch` pending transfers nobody holds and resolves them. */
export async function reconcileOnce(
  deps: TransferDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    claimed: 0,
    posted: 0,
    voided: 0,
    unresolved: 0,
    resent: 0,
    alreadySettled: 0,
  };
  const now = isoNow(deps.clock);
  const rows = await repo.listClaimable(deps.db, now, options.batch ?? 200);
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const until = isoPlus(deps.clock, leaseMs(deps));
      if (!(await repo.claim(deps.db, row, until, isoNow(deps.clock)))) continue;
      report.claimed += 1;
      await resolve(deps, row, report);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}

/** Transfers still pending (the T5 figure "stale pending" counts these after reconciling). */
export const countPendingTransfers = (deps: Pick<AppDeps, 'db'>) => repo.countPending(deps.db);

export interface ReconcilerHandle {
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Runs a round every RECONCILE_INTERVAL_MS (main.ts starts it; tests call reconcileOnce). */
export function startReconciler(deps: TransferDeps, log?: FastifyBaseLogger): ReconcilerHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = reconcileOnce(deps)
      .then((report) => {
        if (report.claimed > 0) log?.info({ reconcile: report }, 'game transfers reconciled');
      })
      .catch((error: unknown) => log?.error({ err: error }, 'game transfer reconcile failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, deps.config.games.reconcileIntervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
