// The queue of adjustment requests: a status filter, the table with approve and reject, and
// the confirmation (a reason to reject). A request decided meanwhile (409) refreshes the queue.
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { Alert, Field } from '@/components/form';
import { Pager } from '@/components/pager';
import { useToast } from '@/components/toast';
import { useI18n, type Vars } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import {
  PAGE_SIZE,
  useDecideRequest,
  useRequests,
  type Decision,
  type Request,
  type StatusFilter,
} from '../api';
import { who } from '../lib/requests';
import { useRequestColumns } from './request-columns';

export function RequestQueue() {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const session = useSession();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ request: Request; decision: Decision } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const list = useRequests(status, page);
  const decide = useDecideRequest({
    onSuccess: (answer, input) => {
      setDeciding(null);
      toast.show(
        'balance' in answer && typeof answer.balance === 'number'
          ? t('adjustments.approve.done', {
              id: input.request.id,
              balance: formatMoney(answer.balance),
            })
          : t('adjustments.reject.done', { id: input.request.id }),
      );
    },
    onError: (caught) => {
      const code = caught instanceof ApiError ? caught.code : 'INTERNAL_SERVER_ERROR';
      const status = caught instanceof ApiError ? caught.status : 0;
      setDialogError(
        status === 403 && code === 'UNAUTHORIZED'
          ? t('adjustments.errors.own')
          : status === 409
            ? t('adjustments.errors.decided')
            : errorText(code),
      );
    },
  });

  const open = (request: Request, decision: Decision) => {
    setDialogError(null);
    setDeciding({ request, decision });
  };
  const directionText = (request: Request) => t(`adjustments.form.${request.direction}`);

  const columns = useRequestColumns({ me: session?.operator.id, onDecide: open });

  const target = deciding?.request;
  const vars: Vars = target
    ? {
        id: target.id,
        direction: directionText(target),
        amount: formatMoney(target.amount),
        member: target.memberId,
        name: target.memberName,
        requester: who(target.requestedBy),
      }
    : {};

  return (
    <section className="adjustments-queue" aria-labelledby={`${id}-title`}>
      <div className="adjustments-queue-head">
        <h2 id={`${id}-title`}>{t('adjustments.queue.title')}</h2>
        <Field className="adjustments-filter" label={t('adjustments.queue.filter')}>
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setPage(1);
              }}
            >
              <option value="all">{t('adjustments.queue.all')}</option>
              <option value="pending">{t('adjustments.status.pending')}</option>
              <option value="approved">{t('adjustments.status.approved')}</option>
              <option value="rejected">{t('adjustments.status.rejected')}</option>
            </select>
          )}
        </Field>
      </div>
      {list.isError ? (
        <Alert>
          {t('adjustments.queue.loadFailed')}:{' '}
          {errorText(list.error instanceof ApiError ? list.error.code : 'INTERNAL_SERVER_ERROR')}
        </Alert>
      ) : null}
      <DataTable
        caption={t('adjustments.queue.caption')}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(r) => r.id}
        loading={list.isPending}
        empty={t('adjustments.queue.empty')}
      />
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      ) : null}
      <ConfirmDialog
        open={deciding !== null}
        title={
          deciding?.decision === 'reject'
            ? t('adjustments.reject.title', vars)
            : t('adjustments.approve.title', vars)
        }
        confirmLabel={
          deciding?.decision === 'reject'
            ? t('adjustments.reject.confirm')
            : t('adjustments.approve.confirm')
        }
        danger={deciding?.decision === 'reject'}
        reason={
          deciding?.decision === 'reject' ? { label: t('adjustments.reject.reason') } : undefined
        }
        busy={decide.isPending}
        error={dialogError}
        onCancel={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (deciding) decide.mutate({ ...deciding, reason });
        }}
      >
        <p>
          {deciding?.decision === 'reject'
            ? t('adjustments.reject.text', vars)
            : t('adjustments.approve.text', vars)}
        </p>
      </ConfirmDialog>
    </section>
  );
}
