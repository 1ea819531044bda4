// The dashboard (issue 13, decision 0094): today's and this week's figures, the queues
// waiting for an operator (linked to them for roles that work them), and the last 14 days
// as charts. Support sees counts only: the server sends its money figures as null.
import { Link } from 'react-router';
import { Alert } from '@/components/form';
import { StatCard } from '@/components/stat-card';
import { formatCount } from '@/lib/format';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { dayMonthYear } from '@/lib/bangkok-date';
import { useSession } from '@/lib/session';
import { HARM_ROLES, useDashboard, useHarmCount } from './api';
import { Charts } from './components/charts';
import { PeriodCards } from './components/period-cards';
import { Pending, QUEUE_ROLES } from './components/pending';
import './dashboard.css';

export default function DashboardPage() {
  const { t, errorText } = useI18n();
  const session = useSession();
  const query = useDashboard();
  const dashboard = query.data;
  const canOpen = QUEUE_ROLES.includes(session?.operator.role ?? '');
  const seesHarm = HARM_ROLES.includes(session?.operator.role ?? '');
  const harm = useHarmCount(seesHarm);
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
        <Alert>
          {errorText(query.error instanceof ApiError ? query.error.code : 'NETWORK_ERROR')}
        </Alert>
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
          {seesHarm && harm.data !== undefined ? (
            <div className="stat-grid" data-testid="harm-count">
              <StatCard
                label={t('harm.dashboardLabel')}
                value={formatCount(harm.data)}
                tone={harm.data > 0 ? 'attention' : 'default'}
                detail={<Link to="/harm">{t('dashboard.open')}</Link>}
              />
            </div>
          ) : null}
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
