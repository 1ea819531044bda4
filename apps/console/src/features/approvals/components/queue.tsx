import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { Alert, Field } from '@/components/form';
import { Pager } from '@/components/pager';
import { useToast } from '@/components/toast';
import { useI18n, type Vars } from '@/i18n/i18n';
import { ApiError, errorCodeOf } from '@/lib/api';
import { useSession } from '@/lib/session';
import { PAGE_SIZE, useDecide, type Decision, type Status, type StatusFilter } from '../api';
import type { StatusFilterState } from '../hooks/use-status-filter';
import type { Ref } from '../lib/requests';

/** What both queues share: the filter, the table, the pager and the decision dialog. */
export function Queue<R extends { id: number; status: Status; requestedBy: Ref }>(props: {
  kind: 'bank' | 'controls';
  /** The queue's page of requests (its query). */
  list: { data?: { rows: R[]; total: number } | undefined; isPending: boolean; error: unknown };
  /** Its status filter and page (useStatusFilter). */
  filter: StatusFilterState;
  columns: Column<R>[];
  describe: (row: R) => Vars;
}) {
  const { t, errorText } = useI18n();
  const id = useId();
  const total = props.list.data?.total ?? 0;
  const toast = useToast();
  const session = useSession();
  const [deciding, setDeciding] = useState<{ row: R; decision: Decision } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const decide = useDecide<{ row: R; requestId: number; decision: Decision; reason: string }>(
    props.kind,
    {
      onSuccess: (_answer, input) => {
        setDeciding(null);
        toast.show(t(`approvals.${input.decision}.done`, { id: input.row.id }), 'success');
      },
      onError: (caught) => {
        const status = caught instanceof ApiError ? caught.status : 0;
        const code = errorCodeOf(caught);
        setDialogError(
          status === 403 && code === 'UNAUTHORIZED'
            ? t(`approvals.errors.notYours.${props.kind}`)
            : status === 409
              ? t('approvals.errors.decided')
              : errorText(code),
        );
      },
    },
  );

  const actions: Column<R> = {
    id: 'actions',
    header: t('approvals.columns.actions'),
    cell: (r) => {
      if (r.status !== 'pending') return null;
      const own = r.requestedBy.id === session?.operator.id;
      const note = own ? `${id}-own-${r.id}` : undefined;
      const open = (decision: Decision) => {
        setDialogError(null);
        setDeciding({ row: r, decision });
      };
      return (
        <div className="approvals-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={own}
            aria-describedby={note}
            onClick={() => open('approve')}
          >
            {t('approvals.columns.approve')}
            <span className="visually-hidden"> #{r.id}</span>
          </button>
          <button
            type="button"
            className="btn"
            disabled={own}
            aria-describedby={note}
            onClick={() => open('reject')}
          >
            {t('approvals.columns.reject')}
            <span className="visually-hidden"> #{r.id}</span>
          </button>
          {own ? (
            <p id={note} className="muted approvals-own">
              {t('approvals.own')}
            </p>
          ) : null}
        </div>
      );
    },
  };

  const vars = deciding ? { id: deciding.row.id, ...props.describe(deciding.row) } : {};
  return (
    <section className="approvals-queue" aria-labelledby={`${id}-title`}>
      <div className="approvals-head">
        <h2 id={`${id}-title`}>{t(`approvals.${props.kind}.title`)}</h2>
        <Field className="approvals-filter" label={t('approvals.filter')}>
          {(control) => (
            <select
              {...control}
              value={props.filter.status}
              onChange={(event) => props.filter.setStatus(event.target.value as StatusFilter)}
            >
              <option value="pending">{t('approvals.status.pending')}</option>
              <option value="approved">{t('approvals.status.approved')}</option>
              <option value="rejected">{t('approvals.status.rejected')}</option>
              <option value="all">{t('approvals.all')}</option>
            </select>
          )}
        </Field>
      </div>
      {props.list.error ? (
        <Alert>
          {t('approvals.loadFailed')}: {errorText(errorCodeOf(props.list.error))}
        </Alert>
      ) : null}
      <DataTable
        caption={t(`approvals.${props.kind}.caption`)}
        columns={[...props.columns, actions]}
        rows={props.list.data?.rows}
        rowKey={(r) => r.id}
        loading={props.list.isPending}
        empty={t('approvals.empty')}
      />
      {total > PAGE_SIZE ? (
        <Pager
          page={props.filter.page}
          pageSize={PAGE_SIZE}
          total={total}
          onPage={props.filter.setPage}
        />
      ) : null}
      <ConfirmDialog
        open={deciding !== null}
        title={t(`approvals.${deciding?.decision ?? 'approve'}.title`, vars)}
        confirmLabel={t(`approvals.${deciding?.decision ?? 'approve'}.confirm`)}
        danger={deciding?.decision === 'reject'}
        reason={
          deciding?.decision === 'reject' ? { label: t('approvals.reject.reason') } : undefined
        }
        busy={decide.isPending}
        error={dialogError}
        onCancel={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (deciding) decide.mutate({ ...deciding, requestId: deciding.row.id, reason });
        }}
      >
        <p>{t(`approvals.${props.kind}.${deciding?.decision ?? 'approve'}Text`, vars)}</p>
      </ConfirmDialog>
    </section>
  );
}
