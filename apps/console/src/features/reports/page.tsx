// Reports (issue 13, decision 0094): money and new members per Bangkok day, and the ledger
// per account kind with its balance check, as tables and charts, each downloadable as a
// CSV file that Excel opens with Thai text. The range lives in the URL (?from&to&tab).
import { useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { LineChart } from '@/components/charts/line-chart';
import { DataTable, type Column } from '@/components/data-table';
import { DateRange } from '@/components/date-range';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import { Tabs } from '@/components/tabs';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import {
  addDays,
  bangkokToday,
  dayMonth,
  dayMonthYear,
  daysBetween,
  isYmd,
} from '@/lib/bangkok-date';
import { downloadFile } from '@/lib/download';
import { formatCount, formatMoney } from '@/lib/format';
import './reports.css';

/** The server's limit (contract REPORT_MAX_DAYS). */
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

type Daily = ApiAnswer<typeof routes.operatorReports.daily>;
type DailyRow = Daily['days'][number];
type Ledger = ApiAnswer<typeof routes.operatorReports.ledger>;
type LedgerRow = Ledger['kinds'][number];
type Range = { from: string; to: string };

function validRange(range: Range): boolean {
  return (
    isYmd(range.from) &&
    isYmd(range.to) &&
    range.from <= range.to &&
    daysBetween(range.from, range.to) <= MAX_DAYS
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { errorText } = useI18n();
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {errorText(error instanceof ApiError ? error.code : 'NETWORK_ERROR')}
    </p>
  );
}

function CsvButton({ kind, range }: { kind: 'daily' | 'ledger'; range: Range }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const route =
    kind === 'daily' ? routes.operatorReports.dailyCsv : routes.operatorReports.ledgerCsv;
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadFile(route, {
        query: range,
        fallbackName: `${kind}-${range.from}_${range.to}.csv`,
      });
      toast.show(t('reports.downloaded', { file }), 'success');
    } catch (error) {
      toast.show(errorText(error instanceof ApiError ? error.code : 'NETWORK_ERROR'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" onClick={() => void download()} disabled={busy}>
      {busy ? t('reports.downloading') : t('reports.downloadCsv')}
    </button>
  );
}

const sumCell = (c: { count: number; sum: number }) => <Money baht={c.sum} />;

function DailyPanel({ range }: { range: Range }) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: ['reports', 'daily', range],
    queryFn: ({ signal }) => callApi(routes.operatorReports.daily, { query: range, signal }),
  });
  const report = query.data;
  const columns: Column<DailyRow>[] = [
    {
      id: 'date',
      header: t('reports.col.date'),
      cell: (r) => dayMonthYear(r.date),
      sortValue: (r) => r.date,
    },
    { id: 'qr', header: t('reports.col.qr'), cell: (r) => sumCell(r.deposits.qr), align: 'end' },
    {
      id: 'slip',
      header: t('reports.col.slip'),
      cell: (r) => sumCell(r.deposits.slip),
      align: 'end',
    },
    {
      id: 'gift',
      header: t('reports.col.giftLink'),
      cell: (r) => sumCell(r.deposits.giftLink),
      align: 'end',
    },
    {
      id: 'deposits',
      header: t('reports.col.deposits'),
      cell: (r) => sumCell(r.deposits.total),
      align: 'end',
      sortValue: (r) => r.deposits.total.sum,
    },
    {
      id: 'withdrawals',
      header: t('reports.col.withdrawals'),
      cell: (r) => sumCell(r.withdrawals),
      align: 'end',
      sortValue: (r) => r.withdrawals.sum,
    },
    {
      id: 'adjustUp',
      header: t('reports.col.adjustCredit'),
      cell: (r) => sumCell(r.adjustments.credit),
      align: 'end',
    },
    {
      id: 'adjustDown',
      header: t('reports.col.adjustDebit'),
      cell: (r) => sumCell(r.adjustments.debit),
      align: 'end',
    },
    {
      id: 'promotions',
      header: t('reports.col.promotionsPaid'),
      cell: (r) => sumCell(r.promotions.paid),
      align: 'end',
    },
    {
      id: 'forfeited',
      header: t('reports.col.promotionsForfeited'),
      cell: (r) => sumCell(r.promotions.forfeited),
      align: 'end',
    },
    {
      id: 'net',
      header: t('reports.col.net'),
      cell: (r) => <Money baht={r.net} />,
      align: 'end',
      sortValue: (r) => r.net,
    },
    {
      id: 'members',
      header: t('reports.col.newMembers'),
      cell: (r) => formatCount(r.newMembers),
      align: 'end',
      sortValue: (r) => r.newMembers,
    },
  ];
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

function LedgerPanel({ range }: { range: Range }) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: ['reports', 'ledger', range],
    queryFn: ({ signal }) => callApi(routes.operatorReports.ledger, { query: range, signal }),
  });
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
          <p className="alert" role="alert">
            {t('reports.checkBad', { sum: formatMoney(report.check.sumOfBalances) })}
          </p>
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

export default function ReportsPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const today = bangkokToday();
  const asked = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const range: Range = validRange(asked)
    ? asked
    : { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
  const tab = search.get('tab') === 'ledger' ? 'ledger' : 'daily';
  const [draft, setDraft] = useState<Range>(range);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validRange(draft)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSearch({ ...draft, tab }, { replace: true });
  };

  return (
    <div className="reports">
      <div className="page-title">
        <h1>{t('nav.reports')}</h1>
      </div>
      <form className="card reports-form" onSubmit={submit} noValidate>
        <DateRange
          legend={t('reports.rangeLegend')}
          fromLabel={t('reports.from')}
          toLabel={t('reports.to')}
          from={draft.from}
          to={draft.to}
          max={today}
          onChange={(next) => {
            setDraft(next);
            setInvalid(false);
          }}
          error={invalid ? t('reports.rangeInvalid', { days: MAX_DAYS }) : undefined}
        />
        <button type="submit" className="btn btn-primary">
          {t('reports.show')}
        </button>
      </form>
      <Tabs
        label={t('reports.tabsLabel')}
        selected={tab}
        onSelect={(id) => setSearch({ ...range, tab: id }, { replace: true })}
        tabs={[
          { id: 'daily', label: t('reports.tabDaily'), panel: () => <DailyPanel range={range} /> },
          {
            id: 'ledger',
            label: t('reports.tabLedger'),
            panel: () => <LedgerPanel range={range} />,
          },
        ]}
      />
    </div>
  );
}
