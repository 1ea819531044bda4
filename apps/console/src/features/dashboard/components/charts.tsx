import { BarChart } from '@/components/charts/bar-chart';
import { LineChart } from '@/components/charts/line-chart';
import { useI18n } from '@/i18n/i18n';
import { dayMonth } from '@/lib/bangkok-date';
import { formatMoney } from '@/lib/format';
import type { Dashboard } from '../api';

export function Charts({ dashboard }: { dashboard: Dashboard }) {
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
