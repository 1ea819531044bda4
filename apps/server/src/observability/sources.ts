// The figures /metrics reads from the database (decision 0105): money outcomes by status
// from each module's counts (through its index.ts) and the reconcile backlog of every flow.
// Composition level: it names the modules; metrics.ts knows none of them.
import type { AppDeps } from '../deps';
import { reconcileFlows } from '../jobs/reconcile-flows';
import { countGiftLinksByStatus, countQrDepositsByStatus } from '../modules/deposits';
import { gameTransferTally } from '../modules/games';
import { countSlipsByStatus } from '../modules/slips';
import { countWithdrawalsByStatus } from '../modules/withdrawals';
import { backlog } from '../reconcile';
import type { DbFigure, DbSource } from './metrics';

const byStatus = (
  gauge: string,
  rows: { status: string; n: number }[],
  labels: Record<string, string> = {},
) =>
  rows.map((row): DbFigure => ({ gauge, labels: { ...labels, status: row.status }, value: row.n }));

export function metricSources(deps: AppDeps): DbSource[] {
  const { db, clock } = deps;
  const flows = reconcileFlows(deps);
  // Running totals: game_transfers grows with every transfer (decision 0105).
  const gameTransfers = gameTransferTally(db, clock);
  return [
    {
      gauges: [
        {
          name: 'wallet_game_transfers',
          help: 'Game transfers (wallet to game: out, game to wallet: in) by status, all time.',
          labelNames: ['direction', 'status'],
        },
      ],
      read: async () =>
        (await gameTransfers()).map((row) => ({
          gauge: 'wallet_game_transfers',
          labels: { direction: row.direction, status: row.status },
          value: row.n,
        })),
    },
    {
      gauges: [
        {
          name: 'wallet_deposits',
          help: 'Deposits by method (qr, gift_link, slip) and status, all time.',
          labelNames: ['method', 'status'],
        },
      ],
      read: async () => [
        ...byStatus('wallet_deposits', await countQrDepositsByStatus(db), { method: 'qr' }),
        ...byStatus('wallet_deposits', await countGiftLinksByStatus(db), { method: 'gift_link' }),
        ...byStatus('wallet_deposits', await countSlipsByStatus(db), { method: 'slip' }),
      ],
    },
    {
      gauges: [
        {
          name: 'wallet_withdrawals',
          help: 'Withdrawals by status, all time.',
          labelNames: ['status'],
        },
      ],
      read: async () => byStatus('wallet_withdrawals', await countWithdrawalsByStatus(db)),
    },
    {
      gauges: [
        {
          name: 'wallet_reconcile_backlog',
          help: 'Items of each reconcile flow due now (next_attempt_at <= now), not being worked.',
          labelNames: ['flow'],
        },
        {
          name: 'wallet_reconcile_oldest_due_seconds',
          help: 'How long the oldest due item of each reconcile flow has been due (0: none).',
          labelNames: ['flow'],
        },
      ],
      read: async () => {
        const now = clock.now();
        const nowIso = now.toISOString();
        const figures: DbFigure[] = [];
        for (const flow of flows) {
          const { due, oldestDueAt } = await backlog(db, flow.table, nowIso);
          const labels = { flow: flow.name };
          const age = oldestDueAt ? (now.getTime() - Date.parse(oldestDueAt)) / 1000 : 0;
          figures.push({ gauge: 'wallet_reconcile_backlog', labels, value: due });
          figures.push({
            gauge: 'wallet_reconcile_oldest_due_seconds',
            labels,
            value: Math.max(0, age),
          });
        }
        return figures;
      },
    },
  ];
}
