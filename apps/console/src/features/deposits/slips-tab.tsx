import { operatorSlipStates } from '@wallet/contract/client';
import { useState } from 'react';
import { type Column } from '@/components/data-table';
import { PagedTable } from '@/components/paged-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { PAGE_SIZE, useSlipPage, type SlipQuery, type SlipRow } from './api';
import { Filters, type ListState } from './filters';
import { SlipReview } from './slip-review';
import { slipTones } from './slip-tones';

const STATES = operatorSlipStates;

export function SlipsTab({ filters, page, onFilters, onPage }: ListState) {
  const { t, errorText } = useI18n();
  const state = (STATES as readonly string[]).includes(filters.status)
    ? (filters.status as SlipRow['state'])
    : 'review';
  const query: SlipQuery = {
    page,
    pageSize: PAGE_SIZE,
    state,
    ...(filters.member ? { member: filters.member } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = useSlipPage(query);
  const [openRef, setOpenRef] = useState<string | null>(null);
  // The open slip as the latest answer has it (fresh image link after a refetch).
  const open = openRef ? list.data?.rows.find((row) => row.reference === openRef) : undefined;

  const columns: Column<SlipRow>[] = [
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
      cell: (row) => <Money baht={row.creditedAmount ?? row.amount} />,
    },
    {
      id: 'bank',
      header: t('deposits.columns.bank'),
      cell: (row) => row.sender?.bankCode ?? row.sendingBank ?? '–',
    },
    {
      id: 'transferred',
      header: t('deposits.columns.transferred'),
      cell: (row) => (row.transferredAt ? <DateTime value={row.transferredAt} /> : '–'),
    },
    {
      id: 'uploaded',
      header: t('deposits.columns.uploaded'),
      cell: (row) => <DateTime value={row.createdAt} />,
    },
    {
      id: 'state',
      header: t('deposits.columns.status'),
      cell: (row) => (
        <StatusBadge tone={slipTones[row.state]}>
          {t(`deposits.slipState.${row.state}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'findings',
      header: t('deposits.columns.findings'),
      cell: (row) => (
        <span className="deposit-findings">
          {row.reason
            ? t(`deposits.reasons.${row.reason}`)
            : row.reviewCause
              ? t(`deposits.cause.${row.reviewCause}`)
              : '–'}
          {row.otherMatches.length > 0 ? (
            <>
              {' '}
              <strong>
                · {t('deposits.review.othersCount', { count: row.otherMatches.length })}
              </strong>
            </>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <section aria-label={t('deposits.tabs.slips')}>
      <Filters
        values={{ ...filters, status: state }}
        onChange={onFilters}
        noAll
        statusLabel={t('deposits.filters.state')}
        statuses={STATES.map((s) => ({ value: s, label: t(`deposits.slipState.${s}`) }))}
      />
      <div className="deposit-list-bar">
        <button
          type="button"
          className="btn"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          aria-busy={list.isFetching || undefined}
        >
          {t('deposits.refresh')}
        </button>
      </div>
      <PagedTable
        caption={t('deposits.captions.slips')}
        columns={columns}
        data={list.data}
        rowKey={(row) => row.reference}
        loading={list.isFetching}
        onRowOpen={(row) => setOpenRef(row.reference)}
        rowLabel={(row) => t('deposits.open', { reference: row.reference })}
        error={
          list.error
            ? t('deposits.loadFailed', { error: errorText(errorCodeOf(list.error)) })
            : null
        }
        page={page}
        pageSize={PAGE_SIZE}
        onPage={onPage}
      />
      {open ? (
        <SlipReview
          slip={open}
          onClose={() => setOpenRef(null)}
          onReloadImage={() => void list.refetch()}
        />
      ) : null}
    </section>
  );
}
