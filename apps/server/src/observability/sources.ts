// The figures /metrics reads from the database (decision 0105): money outcomes by status,
// whose gauges are declared here and whose rows each module's face reads (`gauges`, in the one
// list's order: modules/index.ts, decision 0136), and the reconcile backlog of every flow.
// Composition level: it reads the modules' faces; metrics.ts knows none of them.
import type { AppDeps } from '../deps';
import { reconcileFlows } from '../jobs/reconcile-flows';
import type { GaugeRows } from '../module-face';
import { modules } from '../modules';
import { backlog } from '../reconcile';
import type { DbFigure, DbGauge, DbSource } from './metrics';

/** The money-outcome gauges; the modules' faces supply their rows. */
const moneyGauges: readonly DbGauge[] = [
  {
    name: 'wallet_game_transfers',
    help: 'Game transfers (wallet to game: out, game to wallet: in) by status, all time.',
    labelNames: ['direction', 'status'],
  },
  {
    name: 'wallet_deposits',
    help: 'Deposits by method (qr, gift_link, slip) and status, all time.',
    labelNames: ['method', 'status'],
  },
  {
    name: 'wallet_withdrawals',
    help: 'Withdrawals by status, all time.',
    labelNames: ['status'],
  },
];

export function metricSources(deps: AppDeps): DbSource[] {
  const { db, clock } = deps;
  const flows = reconcileFlows(deps);
  const rows: GaugeRows[] = modules.flatMap((face) => face.gauges?.(deps) ?? []);
  const unknown = rows.find((part) => !moneyGauges.some((gauge) => gauge.name === part.gauge));
  if (unknown) throw new Error(`metrics: no gauge ${unknown.gauge} in observability/sources.ts`);
  return [
    // One source per gauge, its modules' rows read one after another (one failure: the gauge).
    ...moneyGauges.map((gauge): DbSource => ({
      gauges: [gauge],
      read: async () => {
        const figures: DbFigure[] = [];
        for (const part of rows.filter((row) => row.gauge === gauge.name))
          for (const row of await part.read()) figures.push({ gauge: gauge.name, ...row });
        return figures;
      },
    })),
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
