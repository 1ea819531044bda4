// The console's dashboard (decision 0094): today's and this week's figures (Monday start,
// Bangkok days), the queues waiting for an operator, and the last 14 days for the charts.
// Support operators see the counts only: their money figures are null.
import type { Dashboard, OperatorRole } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { bangkokDate } from '../../lib/bangkok-day';
import { countPendingTransfers } from '../games';
import { countSlipsToReview } from '../slips';
import { countWaitingWithdrawals } from '../withdrawals';
import type { RawFigures } from './reports.figures';
import { addDays, addFigures, emptyFigures, figuresByDay, netOf } from './reports.figures';

export const DASHBOARD_DAYS = 14;

/** Roles that see the dashboard's money; the others see counts only. */
const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'cashier', 'marketing'];

/** The Monday (Bangkok) of the week `ymd` falls in. */
export function mondayOf(ymd: string): string {
  const weekday = new Date(`${ymd}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(ymd, -((weekday + 6) % 7));
}

export async function dashboard(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  role: OperatorRole,
): Promise<Dashboard> {
  const date = bangkokDate(deps.clock.now());
  const weekStart = mondayOf(date);
  const currency = 'BAHT';
  const [days, withdrawals, slips, providerTransfers] = await Promise.all([
    figuresByDay(deps.db, { from: addDays(date, 1 - DASHBOARD_DAYS), to: date, currency }),
    countWaitingWithdrawals(deps.db),
    countSlipsToReview(deps.db),
    countPendingTransfers(deps),
  ]);
  const money = MONEY_ROLES.includes(role);
  const week = emptyFigures();
  for (const day of days) if (day.date >= weekStart) addFigures(week, day.figures);
  const today = days.at(-1)?.figures ?? emptyFigures();
  const period = (f: RawFigures) => ({
    newMembers: f.newMembers,
    deposits: money
      ? { count: f.deposits.total.count, sum: satangToBaht(f.deposits.total.sum) }
      : null,
    withdrawals: money
      ? { count: f.withdrawals.count, sum: satangToBaht(f.withdrawals.sum) }
      : null,
    net: money ? satangToBaht(netOf(f)) : null,
    bonusesPaid: money
      ? { count: f.promotions.paid.count, sum: satangToBaht(f.promotions.paid.sum) }
      : null,
  });
  return {
    date,
    weekStart,
    currency,
    today: period(today),
    week: period(week),
    pending: { withdrawals, slips, providerTransfers },
    days: days.map(({ date: day, figures: f }) => ({
      date: day,
      newMembers: f.newMembers,
      deposits: money ? satangToBaht(f.deposits.total.sum) : null,
      withdrawals: money ? satangToBaht(f.withdrawals.sum) : null,
      net: money ? satangToBaht(netOf(f)) : null,
    })),
  };
}
