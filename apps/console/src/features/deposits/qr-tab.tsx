import { operatorQrStatuses } from '@wallet/contract/client';
import { type Column } from '@/components/data-table';
import { PagedTable } from '@/components/paged-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { PAGE_SIZE, useQrPage, type QrQuery, type QrRow } from './api';
import { Filters, type ListState } from './filters';

const STATUSES = operatorQrStatuses;
const tones: Record<QrRow['status'], StatusTone> = {
  CREATING: 'neutral',
  OPEN: 'info',
  PAID: 'ok',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
  FAILED: 'bad',
  REVIEW: 'warn',
};

export function QrTab({ filters, page, onFilters, onPage }: ListState) {
  const { t, errorText } = useI18n();
  const status = (STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as QrQuery['status'])
    : undefined;
  const query: QrQuery = {
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(filters.member ? { member: filters.member } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = useQrPage(query);
  const columns: Column<QrRow>[] = [
    {
      id: 'member',
      header: t('deposits.columns.member'),
      cell: (row) => (
        <>
          <span className="mono">{row.memberNo}</span>{' '}
          <span className="muted">{row.memberName}</span>
        </>
      ),
    },
    { id: 'gateway', header: t('deposits.columns.gateway'), cell: (row) => row.gateway },
    {
      id: 'amount',
      header: t('deposits.columns.amount'),
      align: 'end',
      cell: (row) => <Money baht={row.amount} />,
    },
    {
      id: 'status',
      header: t('deposits.columns.status'),
      cell: (row) => (
        <StatusBadge tone={tones[row.status]}>{t(`deposits.qrStatus.${row.status}`)}</StatusBadge>
      ),
    },
    {
      id: 'created',
      header: t('deposits.columns.created'),
      cell: (row) => <DateTime value={row.createdAt} />,
    },
    {
      id: 'paid',
      header: t('deposits.columns.paidAt'),
      cell: (row) => (row.paidAt ? <DateTime value={row.paidAt} /> : '–'),
    },
    {
      id: 'reference',
      header: t('deposits.columns.reference'),
      cell: (row) => <span className="mono">{row.reference}</span>,
    },
  ];
  return (
    <section aria-label={t('deposits.tabs.qr')}>
      <Filters
        values={filters}
        onChange={onFilters}
        statusLabel={t('deposits.filters.status')}
        statuses={STATUSES.map((s) => ({ value: s, label: t(`deposits.qrStatus.${s}`) }))}
      />
      <PagedTable
        caption={t('deposits.captions.qr')}
        columns={columns}
        data={list.data}
        rowKey={(row) => row.reference}
        loading={list.isFetching}
        error={
          list.error
            ? t('deposits.loadFailed', { error: errorText(errorCodeOf(list.error)) })
            : null
        }
        page={page}
        pageSize={PAGE_SIZE}
        onPage={onPage}
      />
    </section>
  );
}
