// The daily report: totals, a money chart and a net line, and the table by day.
import { BarChart } from '@/components/charts/bar-chart';
import { LineChart } from '@/components/charts/line-chart';
import { DataTable } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';
import { useI18n } from '@/i18n/i18n';
import { dayMonth, dayMonthYear } from '@/lib/bangkok-date';
import { formatCount, formatMoney } from '@/lib/format';
import { useDaily } from '../api';
import type { Range } from '../lib/range';
import { useDailyColumns } from './daily-columns';
import { CsvButton, ErrorLine } from './report-parts';

export function DailyPanel({ range }: { range: Range }) {
  const { t } = useI18n();
  const query = useDaily(range);
  const report = query.data;
  const columns = useDailyColumns();
  const count = (n: number) => t('reports.count', { count: formatCount(n) });
  const labels = report?.days.map((d) => dayMonth(d.date)) ?? [];
  return (
    <div className="reports-panel">
      <div className="reports-actions">
        <CsvButton kind="daily" range={range} />
      </div>
      <ErrorLine error={query.error} />
      {report ? (
        <>
          <section aria-labelledby="daily-totals">
            <h2 id="daily-totals">{t('reports.totals')}</h2>
            <div className="stat-grid">
              <StatCard
                label={t('reports.col.deposits')}
                value={<Money baht={report.totals.deposits.total.sum} />}
                detail={count(report.totals.deposits.total.count)}
              />
              <StatCard
                label={t('reports.col.withdrawals')}
                value={<Money baht={report.totals.withdrawals.sum} />}
                detail={count(report.totals.withdrawals.count)}
              />
              <StatCard label={t('reports.col.net')} value={<Money baht={report.totals.net} />} />
              <StatCard
                label={t('reports.col.promotionsPaid')}
                value={<Money baht={report.totals.promotions.paid.sum} />}
                detail={count(report.totals.promotions.paid.count)}
              />
              <StatCard
                label={t('reports.col.newMembers')}
                value={formatCount(report.totals.newMembers)}
              />
            </div>
          </section>
          <div className="reports-charts">
            <div>
              <BarChart
                title={t('reports.chartMoney')}
                labels={labels}
                format={formatMoney}
                series={[
                  {
                    name: t('reports.col.deposits'),
                    values: report.days.map((d) => d.deposits.total.sum),
                  },
                  {
                    name: t('reports.col.withdrawals'),
                    values: report.days.map((d) => d.withdrawals.sum),
                  },
                ]}
              />
            </div>
            <div>
              <LineChart
                title={t('reports.chartNet')}
                labels={labels}
                format={formatMoney}
                series={[{ name: t('reports.col.net'), values: report.days.map((d) => d.net) }]}
              />
            </div>
          </div>
        </>
      ) : null}
      <DataTable
        caption={t('reports.dailyCaption', {
          from: dayMonthYear(range.from),
          to: dayMonthYear(range.to),
        })}
        showCaption
        columns={columns}
        rows={report?.days}
        rowKey={(r) => r.date}
        loading={query.isFetching}
      />
    </div>
  );
}
