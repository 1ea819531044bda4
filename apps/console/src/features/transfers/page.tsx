// Provider transfers being confirmed (issue 13, decision 0090): the transfers the reconciler
// still holds open, with its state (attempts, next ask, the provider's last answer), a manual
// "ask the provider again" (due now; idempotent), and the recently settled ones.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { routes } from '@wallet/contract/routes';
import { type Column } from '@/components/data-table';
import { PagedTable } from '@/components/paged-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { SearchBox } from '@/components/search-box';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { Tabs } from '@/components/tabs';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { callApi, errorCodeOf, type ApiAnswer } from '@/lib/api';
import './transfers.css';

type Row = ApiAnswer<typeof routes.operatorTransfers.list>['rows'][number];
type TabId = 'open' | 'settled';
const PAGE_SIZE = 50;
const statusTone: Record<Row['status'], StatusTone> = {
  PENDING: 'warn',
  POSTED: 'ok',
  VOIDED: 'neutral',
};

export default function TransfersPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabId>('open');
  const [page, setPage] = useState(1);
  const [member, setMember] = useState('');
  const [provider, setProvider] = useState('');
  return (
    <div className="transfers-page">
      <div className="page-title">
        <h1>{t('transfers.title')}</h1>
      </div>
      <p className="muted transfers-intro">{t('transfers.intro')}</p>
      <Tabs
        label={t('transfers.tabsLabel')}
        selected={tab}
        onSelect={(id) => {
          setTab(id as TabId);
          setPage(1);
        }}
        tabs={(['open', 'settled'] as const).map((id) => ({
          id,
          label: t(`transfers.tabs.${id}`),
          panel: () => (
            <TransferList
              tab={id}
              page={page}
              onPage={setPage}
              member={member}
              onMember={(value) => {
                setMember(value);
                setPage(1);
              }}
              provider={provider}
              onProvider={(value) => {
                setProvider(value);
                setPage(1);
              }}
            />
          ),
        }))}
      />
    </div>
  );
}

interface ListProps {
  tab: TabId;
  page: number;
  onPage: (page: number) => void;
  member: string;
  onMember: (value: string) => void;
  provider: string;
  onProvider: (value: string) => void;
}

function TransferList(props: ListProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const query = {
    state: props.tab,
    ...(props.member ? { member: props.member } : {}),
    ...(props.provider ? { provider: props.provider } : {}),
    page: props.page,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: ['transfers', query],
    queryFn: ({ signal }) => callApi(routes.operatorTransfers.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const ask = useMutation({
    mutationFn: (ref: string) => callApi(routes.operatorTransfers.askAgain, { params: { ref } }),
    onSuccess: () => toast.show(t('transfers.asked'), 'success'),
    onError: (error) => toast.show(errorText(errorCodeOf(error)), 'error'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['transfers'] }),
  });

  const columns: Column<Row>[] = [
    {
      id: 'created',
      header: t('transfers.columns.created'),
      cell: (row) => <DateTime value={row.createdAt} />,
    },
    {
      id: 'member',
      header: t('transfers.columns.member'),
      cell: (row) => (
        <div className="cell-stack">
          <strong className="mono">{row.member.memberNo}</strong>
          <span>{row.member.name}</span>
        </div>
      ),
    },
    {
      id: 'provider',
      header: t('transfers.columns.provider'),
      cell: (row) => (
        <div className="cell-stack">
          <strong>{row.provider}</strong>
          <span className="muted">{t(`transfers.direction.${row.direction}`)}</span>
        </div>
      ),
    },
    {
      id: 'amount',
      header: t('transfers.columns.amount'),
      align: 'end',
      cell: (row) => <Money baht={row.amount} />,
    },
    {
      id: 'status',
      header: t('transfers.columns.status'),
      cell: (row) => (
        <StatusBadge tone={statusTone[row.status]}>
          {t(`transfers.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'reconciler',
      header: t('transfers.columns.reconciler'),
      cell: (row) => (
        <div className="cell-stack">
          <span>{t('transfers.attempts', { count: row.attempts })}</span>
          {row.nextAttemptAt ? (
            <span className="muted">
              {t('transfers.nextAttempt')} <DateTime value={row.nextAttemptAt} />
            </span>
          ) : null}
          {row.lastError ? (
            <span className="muted transfer-error">
              {t('transfers.lastError', { error: row.lastError })}
            </span>
          ) : null}
        </div>
      ),
    },
    props.tab === 'open'
      ? {
          id: 'actions',
          header: t('transfers.columns.actions'),
          cell: (row) => (
            <button
              type="button"
              className="btn"
              disabled={ask.isPending && ask.variables === row.ref}
              aria-label={`${t('transfers.askAgain')}: ${t('transfers.rowLabel', { ref: row.ref })}`}
              onClick={() => ask.mutate(row.ref)}
            >
              {t('transfers.askAgain')}
            </button>
          ),
        }
      : {
          id: 'settled',
          header: t('transfers.columns.settled'),
          cell: (row) => (row.settledAt ? <DateTime value={row.settledAt} /> : null),
        },
  ];

  const data = list.data;
  return (
    <div className="transfer-list">
      <div className="transfer-filters">
        <SearchBox
          label={t('transfers.filters.member')}
          hint={t('transfers.filters.memberHint')}
          value={props.member}
          onSearch={props.onMember}
        />
        <div className="field">
          <label htmlFor={`${id}-provider`}>{t('transfers.filters.provider')}</label>
          <input
            id={`${id}-provider`}
            value={props.provider}
            maxLength={32}
            autoComplete="off"
            onChange={(event) => props.onProvider(event.target.value.trim().toUpperCase())}
          />
        </div>
        <button type="button" className="btn transfer-refresh" onClick={() => void list.refetch()}>
          {t('transfers.filters.refresh')}
        </button>
      </div>
      <PagedTable
        caption={t('transfers.caption', { tab: t(`transfers.tabs.${props.tab}`) })}
        columns={columns}
        data={data}
        rowKey={(row) => row.ref}
        loading={list.isFetching}
        error={
          list.isError
            ? `${t('transfers.loadFailed')}: ${errorText(errorCodeOf(list.error))}`
            : null
        }
        page={data?.page ?? 1}
        pageSize={PAGE_SIZE}
        onPage={props.onPage}
      />
    </div>
  );
}
