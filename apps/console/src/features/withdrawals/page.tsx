// The withdrawals queue (issue 13, decision 0090): status tabs, member and day filters, approve,
// reject with a reason the member sees, the payout's state and attempts, and "retry payout",
// which hands a paying withdrawal to the reconciler at once (it never pays twice).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { routes } from '@wallet/contract/routes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type Column } from '@/components/data-table';
import { PagedTable } from '@/components/paged-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { SearchBox } from '@/components/search-box';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { Tabs } from '@/components/tabs';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi, errorCodeOf, type ApiAnswer } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import './withdrawals.css';

type Row = ApiAnswer<typeof routes.operatorWithdrawals.queue>['rows'][number];
type TabId = Row['status'] | 'all';
const TABS: readonly TabId[] = ['WAITING', 'PROCESSING', 'PAID', 'FAILED', 'REJECTED', 'all'];
const PAGE_SIZE = 50;

const statusTone: Record<Row['status'], StatusTone> = {
  WAITING: 'warn',
  PROCESSING: 'info',
  PAID: 'ok',
  FAILED: 'bad',
  REJECTED: 'neutral',
};
const payoutTone: Record<Row['payout']['state'], StatusTone> = {
  awaiting_decision: 'neutral',
  not_sent: 'neutral',
  sending: 'info',
  unknown: 'warn',
  paid: 'ok',
  refused: 'bad',
};

type Action = { kind: 'approve' | 'reject' | 'retry'; row: Row };

export default function WithdrawalsPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabId>('WAITING');
  const [page, setPage] = useState(1);
  const [member, setMember] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const select = (id: string) => {
    setTab(id as TabId);
    setPage(1);
  };

  return (
    <div className="withdrawals-page">
      <div className="page-title">
        <h1>{t('withdrawals.title')}</h1>
      </div>
      <Tabs
        label={t('withdrawals.tabsLabel')}
        selected={tab}
        onSelect={select}
        tabs={TABS.map((id) => ({
          id,
          label: t(`withdrawals.tabs.${id}`),
          panel: () => (
            <Queue
              tab={id}
              page={page}
              onPage={setPage}
              member={member}
              onMember={(value) => {
                setMember(value);
                setPage(1);
              }}
              from={from}
              to={to}
              onDays={(nextFrom, nextTo) => {
                setFrom(nextFrom);
                setTo(nextTo);
                setPage(1);
              }}
            />
          ),
        }))}
      />
    </div>
  );
}

interface QueueProps {
  tab: TabId;
  page: number;
  onPage: (page: number) => void;
  member: string;
  onMember: (value: string) => void;
  from: string;
  to: string;
  onDays: (from: string, to: string) => void;
}

function Queue(props: QueueProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [action, setAction] = useState<Action | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const query = {
    ...(props.tab !== 'all' ? { status: props.tab } : {}),
    ...(props.member ? { member: props.member } : {}),
    ...(props.from ? { from: props.from } : {}),
    ...(props.to ? { to: props.to } : {}),
    page: props.page,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: ['withdrawals', query],
    queryFn: ({ signal }) => callApi(routes.operatorWithdrawals.queue, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const run = useMutation({
    mutationFn: async ({ kind, row, reason }: Action & { reason: string }) => {
      if (kind === 'retry') {
        await callApi(routes.operatorWithdrawals.retryPayout, { params: { id: row.id } });
        return t('withdrawals.retried');
      }
      const answer = await callApi(routes.operator.decideWithdrawal, {
        params: { id: row.id },
        body: kind === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason },
      });
      return kind === 'approve'
        ? t('withdrawals.approved', {
            status: t(`withdrawals.status.${answer.status as Row['status']}`),
          })
        : t('withdrawals.rejected');
    },
    onSuccess: (message) => {
      setAction(null);
      toast.show(message, 'success');
    },
    // 403 on an approval: this operator asked for the payout account or adjusted the wallet
    // (decision 0116); another operator must approve.
    onError: (error) =>
      setActionError(
        error instanceof ApiError && error.status === 403 && error.code === 'UNAUTHORIZED'
          ? t('withdrawals.notYours')
          : errorText(errorCodeOf(error)),
      ),
    // Decided by someone else meanwhile (409) or not: the list shows what is true now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['withdrawals'] }),
  });

  const open = (next: Action) => {
    setActionError(null);
    setAction(next);
  };

  const columns: Column<Row>[] = [
    {
      id: 'created',
      header: t('withdrawals.columns.created'),
      cell: (row) => <DateTime value={row.createdAt} />,
    },
    {
      id: 'member',
      header: t('withdrawals.columns.member'),
      cell: (row) => (
        <div className="cell-stack">
          <strong className="mono">{row.member.memberNo}</strong>
          <span>{row.member.name}</span>
          <span className="muted mono">{row.member.phone}</span>
        </div>
      ),
    },
    {
      id: 'bank',
      header: t('withdrawals.columns.bank'),
      cell: (row) => (
        <div className="cell-stack">
          <span>
            <strong>{row.bank.code}</strong> <span className="mono">{row.bank.accountNo}</span>
          </span>
          <span className="muted">{row.bank.accountName}</span>
        </div>
      ),
    },
    {
      id: 'amount',
      header: t('withdrawals.columns.amount'),
      align: 'end',
      cell: (row) => <Money baht={row.amount} />,
    },
    {
      id: 'status',
      header: t('withdrawals.columns.status'),
      cell: (row) => (
        <div className="cell-stack">
          <StatusBadge tone={statusTone[row.status]}>
            {t(`withdrawals.status.${row.status}`)}
          </StatusBadge>
          {row.reviewReason ? (
            <span className="muted">{t(`withdrawals.reviewReason.${row.reviewReason}`)}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'decision',
      header: t('withdrawals.columns.decision'),
      cell: (row) =>
        row.decidedAt ? (
          <div className="cell-stack">
            <DateTime value={row.decidedAt} />
            {row.decidedBy ? (
              <span className="muted">
                {t('withdrawals.decidedBy', { operator: row.decidedBy })}
              </span>
            ) : null}
            {row.reason ? (
              <span className="withdrawal-reason">
                {t('withdrawals.reason', { reason: row.reason })}
              </span>
            ) : null}
          </div>
        ) : (
          <span className="muted">{t('withdrawals.notDecided')}</span>
        ),
    },
    {
      id: 'payout',
      header: t('withdrawals.columns.payout'),
      cell: (row) => (
        <div className="cell-stack">
          <StatusBadge tone={payoutTone[row.payout.state]}>
            {t(`withdrawals.payoutState.${row.payout.state}`)}
          </StatusBadge>
          {row.payout.attempts > 0 ? (
            <span className="muted">
              {t('withdrawals.attempts', { count: row.payout.attempts })}
            </span>
          ) : null}
          {row.payout.lastError ? (
            <span className="muted payout-error">
              {t('withdrawals.lastError', { error: row.payout.lastError })}
            </span>
          ) : null}
          {row.payout.nextAttemptAt && row.status === 'PROCESSING' ? (
            <span className="muted">
              {t('withdrawals.nextAttempt')} <DateTime value={row.payout.nextAttemptAt} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: t('withdrawals.columns.actions'),
      cell: (row) => {
        const label = t('withdrawals.rowLabel', { id: row.id, member: row.member.memberNo });
        if (row.status === 'WAITING')
          return (
            <div className="row-actions" role="group" aria-label={label}>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => open({ kind: 'approve', row })}
              >
                {t('withdrawals.approve')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => open({ kind: 'reject', row })}
              >
                {t('withdrawals.reject')}
              </button>
            </div>
          );
        if (row.status === 'PROCESSING')
          return (
            <div className="row-actions" role="group" aria-label={label}>
              <button type="button" className="btn" onClick={() => open({ kind: 'retry', row })}>
                {t('withdrawals.retry')}
              </button>
            </div>
          );
        return null;
      },
    },
  ];

  const data = list.data;
  const target = action?.row;
  const amount = target ? formatMoney(target.amount) : '';
  return (
    <div className="queue">
      <div className="queue-filters">
        <SearchBox
          label={t('withdrawals.filters.member')}
          hint={t('withdrawals.filters.memberHint')}
          value={props.member}
          onSearch={props.onMember}
        />
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('withdrawals.filters.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={props.from}
            max={props.to || undefined}
            onChange={(event) => props.onDays(event.target.value, props.to)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('withdrawals.filters.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={props.to}
            min={props.from || undefined}
            onChange={(event) => props.onDays(props.from, event.target.value)}
          />
        </div>
        <button type="button" className="btn queue-refresh" onClick={() => void list.refetch()}>
          {t('withdrawals.filters.refresh')}
        </button>
      </div>
      <PagedTable
        caption={t('withdrawals.caption', { tab: t(`withdrawals.tabs.${props.tab}`) })}
        columns={columns}
        data={data}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        error={
          list.isError
            ? `${t('withdrawals.loadFailed')}: ${errorText(errorCodeOf(list.error))}`
            : null
        }
        page={data?.page ?? 1}
        pageSize={PAGE_SIZE}
        onPage={props.onPage}
      />
      <ConfirmDialog
        open={action?.kind === 'approve'}
        title={t('withdrawals.approveTitle')}
        confirmLabel={t('withdrawals.approve')}
        busy={run.isPending}
        error={actionError}
        onCancel={() => setAction(null)}
        onConfirm={() => target && run.mutate({ kind: 'approve', row: target, reason: '' })}
      >
        {target ? (
          <p>
            {t('withdrawals.approveBody', {
              amount,
              member: target.member.memberNo,
              bank: target.bank.code,
              accountNo: target.bank.accountNo,
              accountName: target.bank.accountName,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === 'reject'}
        title={t('withdrawals.rejectTitle')}
        confirmLabel={t('withdrawals.reject')}
        danger
        reason={{ label: t('withdrawals.rejectReason'), hint: t('withdrawals.rejectHint') }}
        busy={run.isPending}
        error={actionError}
        onCancel={() => setAction(null)}
        onConfirm={(reason) => target && run.mutate({ kind: 'reject', row: target, reason })}
      >
        {target ? (
          <p>{t('withdrawals.rejectBody', { amount, member: target.member.memberNo })}</p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === 'retry'}
        title={t('withdrawals.retryTitle')}
        confirmLabel={t('withdrawals.retry')}
        busy={run.isPending}
        error={actionError}
        onCancel={() => setAction(null)}
        onConfirm={() => target && run.mutate({ kind: 'retry', row: target, reason: '' })}
      >
        {target ? <p>{t('withdrawals.retryBody', { id: target.id })}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
