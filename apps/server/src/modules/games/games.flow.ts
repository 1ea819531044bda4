// The reconcile flow of provider transfers (docs/decisions/0015, 0061): the kernel
// (src/reconcile) takes each due PENDING transfer; this resolves it from the provider's side
// only:
//   status APPLIED  -> post;  REJECTED -> void;
//   NOT_FOUND       -> re-send the same ref and body (the provider applies a ref once);
//   no answer       -> retry after the kernel's backoff.
// Never a blind refund: money leaves a hold only on the provider's definite word.
import type { ProviderCode } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Flow } from '../../reconcile';
import type { Settlement, TransferDeps } from './games.transfers';
import { leaseMs, sendTransfer, settleTransfer } from './games.transfers';
import * as repo from './games.repository';

const ACTOR = 'system:reconciler';
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Report figures: posted, voided, resent (NOT_FOUND, so sent again with the same ref),
 * alreadySettled (settled meanwhile by a request or another process).
 */
export function gameTransfersFlow(deps: TransferDeps): Flow<'game_transfers'> {
  return {
    name: 'game-transfers',
    table: 'game_transfers',
    intervalMs: deps.config.games.reconcileIntervalMs,
    leaseMs: leaseMs(deps),
    backoff: { baseMs: deps.config.games.reconcileIntervalMs, maxMs: MAX_BACKOFF_MS, jitter: 0.2 },
    batch: 200,
    concurrency: 8,
    async resolve(row, count) {
      const code = row.provider_code as ProviderCode;
      let outcome: Settlement;
      let balance: { value: number; observedAt: string } | undefined;
      let status: Awaited<ReturnType<typeof deps.gameProvider.transferStatus>>;
      try {
        status = await deps.gameProvider.transferStatus(code, row.ref);
      } catch (error) {
        // No answer from the provider is the expected unknown, not a fault of ours.
        return { kind: 'retry', error };
      }
      if (status === 'NOT_FOUND') {
        const account = await repo.findAccount(deps.db, row.member_id, code);
        if (!account) throw new Error(`no ${code} account for member ${row.member_id}`);
        count('resent');
        const sent = await sendTransfer(deps, row, account.username);
        if (sent.kind === 'unknown') return { kind: 'retry', error: sent.error };
        outcome = sent.outcome;
        if (sent.result) balance = { value: sent.result.balance, observedAt: sent.observedAt };
      } else {
        outcome = status;
      }
      const settled = await settleTransfer(deps, row.id, outcome, {
        actor: ACTOR,
        ...(balance ? { balance } : {}),
      });
      if (!settled.settledNow) return { kind: 'settled', outcome: 'alreadySettled' };
      return { kind: 'settled', outcome: settled.row.status === 'POSTED' ? 'posted' : 'voided' };
    },
  };
}

/** Transfers still pending (the T5 figure "stale pending" counts these after reconciling). */
export const countPendingTransfers = (deps: Pick<AppDeps, 'db'>) => repo.countPending(deps.db);
