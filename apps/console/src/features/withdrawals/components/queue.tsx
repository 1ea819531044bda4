// One tab of the withdrawals queue: member and day filters, the table, and the confirmations
// of approve, reject (with a reason the member sees) and retry payout.
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Field } from '@/components/form';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError, errorCodeOf } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { PAGE_SIZE, useQueue, useWithdrawalAction, type Action } from '../api';
import type { TabId } from '../lib/tones';
import { useQueueColumns } from './queue-columns';

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

export function Queue(props: QueueProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
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
  const list = useQueue(query);
  const run = useWithdrawalAction({
    onSuccess: (status, { kind }) => {
      setAction(null);
      toast.show(
        kind === 'retry'
          ? t('withdrawals.retried')
          : kind === 'approve'
            ? t('withdrawals.approved', { status: t(`withdrawals.status.${status!}`) })
            : t('withdrawals.rejected'),
        'success',
      );
    },
    // 403 on an approval: this operator asked for the payout account or adjusted the wallet
    // (decision 0116); another operator must approve.
    onError: (error) =>
      setActionError(
        error instanceof ApiError && error.status === 403 && error.code === 'UNAUTHORIZED'
          ? t('withdrawals.notYours')
          : errorText(errorCodeOf(error)),
      ),
  });

  const open = (next: Action) => {
    setActionError(null);
    setAction(next);
  };

  const columns = useQueueColumns(open);

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
        <Field label={t('withdrawals.filters.from')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={props.from}
              max={props.to || undefined}
              onChange={(event) => props.onDays(event.target.value, props.to)}
            />
          )}
        </Field>
        <Field label={t('withdrawals.filters.to')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={props.to}
              min={props.from || undefined}
              onChange={(event) => props.onDays(props.from, event.target.value)}
            />
          )}
        </Field>
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
