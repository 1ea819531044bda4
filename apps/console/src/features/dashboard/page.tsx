// The dashboard (issue 13, decision 0094): today's and this week's figures, the queues
// waiting for an operator (linked to them for roles that work them), and the last 14 days
// as charts. Support sees counts only: the server sends its money figures as null.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { LineChart } from '@/components/charts/line-chart';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import { dayMonth, dayMonthYear } from '@/lib/bangkok-date';
import { formatCount, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import './dashboard.css';

type Dashboard = ApiAnswer<typeof routes.operatorDashboard.dashboard>;
type Period = Dashboard['today'];
type PeriodKey =
  | 'dashboard.deposits'
  | 'dashboard.withdrawals'
  | 'dashboard.net'
  | 'dashboard.bonusesPaid'
  | 'dashboard.newMembers';

/** The queues' sections; only these roles may open them (app/sections.ts). */
const QUEUE_ROLES: readonly string[] = ['admin', 'cashier'];

function PeriodCards({ id, period, heading }: { id: string; period: Period; heading: string }) {
  const { t: translate } = useI18n();
  // Each card is a named region: this week's names differ from today's (landmarks are unique).
  const t = (key: PeriodKey) =>
    id === 'week' ? translate('dashboard.ofWeek', { label: translate(key) }) : translate(key);
  const count = (n: number) => translate('dashboard.transactions', { count: formatCount(n) });
  const cards: ReactNode[] = [];
  if (period.deposits)
    cards.push(
      <StatCard
        key="deposits"
        label={t('dashboard.deposits')}
        value={<Money baht={period.deposits.sum} />}
        detail={count(period.deposits.count)}
      />,
    );
  if (period.withdrawals)
    cards.push(
      <StatCard
        key="withdrawals"
        label={t('dashboard.withdrawals')}
        value={<Money baht={period.withdrawals.sum} />}
        detail={count(period.withdrawals.count)}
      />,
    );
  if (period.net !== null)
    cards.push(
      <StatCard key="net" label={t('dashboard.net')} value={<Money baht={period.net} />} />,
    );
  if (period.bonusesPaid)
    cards.push(
      <StatCard
        key="bonuses"
        label={t('dashboard.bonusesPaid')}
        value={<Money baht={period.bonusesPaid.sum} />}
        detail={count(period.bonusesPaid.count)}
      />,
    );
  cards.push(
    <StatCard
      key="members"
      label={t('dashboard.newMembers')}
      value={formatCount(period.newMembers)}
    />,
  );
  return (
    <section className="dashboard-period" aria-labelledby={`period-${id}`}>
      <h2 id={`period-${id}`}>{heading}</h2>
      <div className="stat-grid">{cards}</div>
    </section>
  );
}

function Pending({ dashboard, canOpen }: { dashboard: Dashboard; canOpen: boolean }) {
  const { t } = useI18n();
  const queues = [
    { key: 'withdrawals', label: t('dashboard.pendingWithdrawals'), to: '/withdrawals' },
    { key: 'slips', label: t('dashboard.pendingSlips'), to: '/deposits' },
    { key: 'providerTransfers', label: t('dashboard.pendingTransfers'), to: '/transfers' },
  ] as const;
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">{t('dashboard.pendingTitle')}</h2>
      <div className="stat-grid">
        {queues.map((queue) => {
          const n = dashboard.pending[queue.key];
          return (
            <StatCard
              key={queue.key}
              label={queue.label}
              value={formatCount(n)}
              tone={n > 0 ? 'attention' : 'default'}
              detail={
                <>
                  {n > 0 ? t('dashboard.pendingSome') : t('dashboard.pendingNone')}
                  {canOpen && n > 0 ? (
                    <>
                      {' · '}
                      <Link to={queue.to} aria-label={`${t('dashboard.open')}: ${queue.label}`}>
                        {t('dashboard.open')}
                      </Link>
                    </>
                  ) : null}
                </>
              }
            />
          );
        })}
      </div>
    </section>
  );
}

function Charts({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useI18n();
  const labels = dashboard.days.map((d) => dayMonth(d.date));
  const money = dashboard.days.every((d) => d.deposits !== null);
  return (
    <section aria-labelledby="charts-title">
      <h2 id="charts-title">{t('dashboard.chartsTitle')}</h2>
      <div className="dashboard-charts">
        {money ? (
          <>
            <div>
              <BarChart
                title={t('dashboard.chartMoney')}
                labels={labels}
                format={formatMoney}
                series={[
                  { name: t('dashboard.deposits'), values: dashboard.days.map((d) => d.deposits) },
                  {
                    name: t('dashboard.withdrawals'),
                    values: dashboard.days.map((d) => d.withdrawals),
                  },
                ]}
              />
            </div>
            <div>
              <LineChart
                title={t('dashboard.chartNet')}
                labels={labels}
                format={formatMoney}
                series={[{ name: t('dashboard.net'), values: dashboard.days.map((d) => d.net) }]}
              />
            </div>
          </>
        ) : null}
        <div>
          <BarChart
            title={t('dashboard.chartMembers')}
            labels={labels}
            format={(value) => value.toLocaleString('en-US', { maximumFractionDigits: 1 })}
            series={[
              {
                name: t('dashboard.newMembers'),
                values: dashboard.days.map((d) => d.newMembers),
              },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

export default function DashboardPage() {
  const { t, errorText } = useI18n();
  const session = useSession();
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => callApi(routes.operatorDashboard.dashboard, { signal }),
    refetchInterval: 60_000,
  });
  const dashboard = query.data;
  const canOpen = QUEUE_ROLES.includes(session?.operator.role ?? '');
  return (
    <div className="dashboard">
      <div className="page-title">
        <h1>{t('nav.dashboard')}</h1>
        {dashboard ? (
          <p className="muted dashboard-as-of">
            {t('dashboard.asOf', { date: dayMonthYear(dashboard.date) })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn dashboard-refresh"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {t('dashboard.refresh')}
        </button>
      </div>
      {query.error ? (
        <p className="alert" role="alert">
          {errorText(query.error instanceof ApiError ? query.error.code : 'NETWORK_ERROR')}
        </p>
      ) : null}
      {!dashboard && query.isPending ? (
        <p className="muted" role="status">
          {t('app.loading')}
        </p>
      ) : null}
      {dashboard ? (
        <>
          {dashboard.today.deposits === null ? (
            <p className="notice">{t('dashboard.countsOnly')}</p>
          ) : null}
          <Pending dashboard={dashboard} canOpen={canOpen} />
          <PeriodCards id="today" period={dashboard.today} heading={t('dashboard.today')} />
          <PeriodCards
            id="week"
            period={dashboard.week}
            heading={t('dashboard.week', { date: dayMonthYear(dashboard.weekStart) })}
          />
          <Charts dashboard={dashboard} />
        </>
      ) : null}
    </div>
  );
}
