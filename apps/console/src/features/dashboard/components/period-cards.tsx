import type { ReactNode } from 'react';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import type { Period } from '../api';

type PeriodKey =
  | 'dashboard.deposits'
  | 'dashboard.withdrawals'
  | 'dashboard.net'
  | 'dashboard.bonusesPaid'
  | 'dashboard.newMembers';

export function PeriodCards({
  id,
  period,
  heading,
}: {
  id: string;
  period: Period;
  heading: string;
}) {
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
