import { giftStatuses } from '@wallet/contract/client';
import { type Column } from '@/components/data-table';
import { PagedTable } from '@/components/paged-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { PAGE_SIZE, useGiftPage, type GiftQuery, type GiftRow } from './api';
import { Filters, type ListState } from './filters';

const STATUSES = giftStatuses;
const tones: Record<GiftRow['status'], StatusTone> = {
  PENDING: 'info',
  CREDITED: 'ok',
  FAILED: 'bad',
  REVIEW: 'warn',
};

export function GiftsTab({ filters, page, onFilters, onPage }: ListState) {
  const { t, errorText } = useI18n();
  const status = (STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as GiftQuery['status'])
    : undefined;
  const query: GiftQuery = {
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(filters.member ? { member: filters.member } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = useGiftPage(query);
  const columns: Column<GiftRow>[] = [
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
        <StatusBadge tone={tones[row.status]}>{t(`deposits.giftStatus.${row.status}`)}</StatusBadge>
      ),
    },
    {
      id: 'created',
      header: t('deposits.columns.created'),
      cell: (row) => <DateTime value={row.createdAt} />,
    },
    {
      id: 'credited',
      header: t('deposits.columns.credited'),
      cell: (row) => (row.creditedAt ? <DateTime value={row.creditedAt} /> : '–'),
    },
    {
      id: 'failure',
      header: t('deposits.columns.failure'),
      cell: (row) => (row.failureReason ? <span className="mono">{row.failureReason}</span> : '–'),
    },
  ];
  return (
    <section aria-label={t('deposits.tabs.gifts')}>
      <Filters
        values={filters}
        onChange={onFilters}
        statusLabel={t('deposits.filters.status')}
        statuses={STATUSES.map((s) => ({ value: s, label: t(`deposits.giftStatus.${s}`) }))}
      />
      <PagedTable
        caption={t('deposits.captions.gifts')}
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
