// The ledger per account kind for the range, with its balance check.
import { DataTable, type Column } from '@/components/data-table';
import { Alert } from '@/components/form';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { dayMonthYear } from '@/lib/bangkok-date';
import { formatCount, formatMoney } from '@/lib/format';
import { useLedger, type LedgerRow } from '../api';
import type { Range } from '../lib/range';
import { CsvButton, ErrorLine } from './report-parts';

export function LedgerPanel({ range }: { range: Range }) {
  const { t } = useI18n();
  const query = useLedger(range);
  const report = query.data;
  const columns: Column<LedgerRow>[] = [
    { id: 'kind', header: t('reports.ledgerCol.kind'), cell: (r) => t(`reports.kind.${r.kind}`) },
    {
      id: 'opening',
      header: t('reports.ledgerCol.opening'),
      cell: (r) => <Money baht={r.opening} />,
      align: 'end',
    },
    {
      id: 'debits',
      header: t('reports.ledgerCol.debits'),
      cell: (r) => <Money baht={r.debits} />,
      align: 'end',
    },
    {
      id: 'credits',
      header: t('reports.ledgerCol.credits'),
      cell: (r) => <Money baht={r.credits} />,
      align: 'end',
    },
    {
      id: 'closing',
      header: t('reports.ledgerCol.closing'),
      cell: (r) => <Money baht={r.closing} />,
      align: 'end',
    },
    {
      id: 'stored',
      header: t('reports.ledgerCol.stored'),
      cell: (r) => <Money baht={r.storedBalance} />,
      align: 'end',
    },
    {
      id: 'balanced',
      header: t('reports.ledgerCol.balanced'),
      cell: (r) =>
        r.balanced ? (
          <StatusBadge tone="ok">{t('reports.balanced')}</StatusBadge>
        ) : (
          <StatusBadge tone="bad">{t('reports.unbalanced')}</StatusBadge>
        ),
    },
  ];
  return (
    <div className="reports-panel">
      <div className="reports-actions">
        <CsvButton kind="ledger" range={range} />
      </div>
      <ErrorLine error={query.error} />
      {report ? (
        report.check.ok ? (
          <p className="notice" role="status">
            {t('reports.checkOk')}
          </p>
        ) : (
          <Alert>{t('reports.checkBad', { sum: formatMoney(report.check.sumOfBalances) })}</Alert>
        )
      ) : null}
      <p className="muted">{t('reports.ledgerIntro')}</p>
      <DataTable
        caption={t('reports.ledgerCaption', {
          from: dayMonthYear(range.from),
          to: dayMonthYear(range.to),
        })}
        showCaption
        columns={columns}
        rows={report?.kinds}
        rowKey={(r) => r.kind}
        loading={query.isFetching}
      />
      {report ? (
        <p className="muted">
          {t('reports.transactions', { count: formatCount(report.transactions) })}
        </p>
      ) : null}
    </div>
  );
}
