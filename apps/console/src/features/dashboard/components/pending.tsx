import { Link } from 'react-router';
import { StatCard } from '@/components/stat-card';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import type { Dashboard } from '../api';

/** The queues' sections; only these roles may open them (app/sections.ts). */
export const QUEUE_ROLES: readonly string[] = ['admin', 'cashier'];

export function Pending({ dashboard, canOpen }: { dashboard: Dashboard; canOpen: boolean }) {
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
