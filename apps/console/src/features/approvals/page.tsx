// Approvals (issue 25, decisions 0116 and 0117): what one operator asked for and a second
// must decide before it takes effect. Payout-account changes (cashiers and admins decide) and
// control changes (admins decide: raising the four-eyes threshold, an active cashier or admin,
// removing an admin, resetting another operator's authenticator). Adjustment requests keep
// their queue in the adjustments section. Nobody decides their own request (the buttons are
// off, and the server refuses).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { routes } from '@wallet/contract/routes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Pager } from '@/components/pager';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { Tabs } from '@/components/tabs';
import { useToast } from '@/components/toast';
import { useI18n, type Vars } from '@/i18n/i18n';
import { ApiError, callApi, errorCodeOf, type ApiAnswer } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import './approvals.css';

type BankRequest = ApiAnswer<typeof routes.operatorRequests.bankRequests>['rows'][number];
type ControlRequest = ApiAnswer<typeof routes.operatorRequests.controlRequests>['rows'][number];
type Status = BankRequest['status'];
type StatusFilter = Status | 'all';
type Ref = { id: number; username: string; displayName: string };

const PAGE_SIZE = 20;
const tones: Record<Status, StatusTone> = { pending: 'warn', approved: 'ok', rejected: 'bad' };
const who = (ref: Ref) =>
  ref.displayName === ref.username ? ref.username : `${ref.displayName} (${ref.username})`;

export default function ApprovalsPage() {
  const { t } = useI18n();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const admin = session?.operator.role === 'admin';
  const tab = admin && params.get('tab') === 'controls' ? 'controls' : 'bank';
  const tabs = [
    { id: 'bank', label: t('approvals.tabs.bank'), panel: () => <BankQueue /> },
    ...(admin
      ? [{ id: 'controls', label: t('approvals.tabs.controls'), panel: () => <ControlQueue /> }]
      : []),
  ];
  return (
    <div className="approvals-page">
      <div className="page-title">
        <h1>{t('approvals.title')}</h1>
      </div>
      <p className="muted">{t('approvals.intro')}</p>
      <Tabs
        label={t('approvals.tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setParams(id === 'bank' ? {} : { tab: id }, { replace: true })}
      />
    </div>
  );
}

/** What both queues share: the filter, the table, the pager and the decision dialog. */
function Queue<R extends { id: number; status: Status; requestedBy: Ref }>(props: {
  kind: 'bank' | 'controls';
  rows: R[] | undefined;
  total: number;
  loading: boolean;
  loadError: unknown;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  page: number;
  onPage: (page: number) => void;
  columns: Column<R>[];
  describe: (row: R) => Vars;
  decide: (row: R, decision: 'approve' | 'reject', reason: string) => Promise<unknown>;
  onDecided: () => void;
}) {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const session = useSession();
  const [deciding, setDeciding] = useState<{ row: R; decision: 'approve' | 'reject' } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const decide = useMutation({
    mutationFn: (input: { row: R; decision: 'approve' | 'reject'; reason: string }) =>
      props.decide(input.row, input.decision, input.reason),
    onSuccess: (_answer, input) => {
      setDeciding(null);
      toast.show(t(`approvals.${input.decision}.done`, { id: input.row.id }), 'success');
      props.onDecided();
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
      if (status === 409) props.onDecided();
    },
  });

  const actions: Column<R> = {
    id: 'actions',
    header: t('approvals.columns.actions'),
    cell: (r) => {
      if (r.status !== 'pending') return null;
      const own = r.requestedBy.id === session?.operator.id;
      const note = own ? `${id}-own-${r.id}` : undefined;
      const open = (decision: 'approve' | 'reject') => {
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
        <div className="field approvals-filter">
          <label htmlFor={`${id}-status`}>{t('approvals.filter')}</label>
          <select
            id={`${id}-status`}
            value={props.status}
            onChange={(event) => props.onStatus(event.target.value as StatusFilter)}
          >
            <option value="pending">{t('approvals.status.pending')}</option>
            <option value="approved">{t('approvals.status.approved')}</option>
            <option value="rejected">{t('approvals.status.rejected')}</option>
            <option value="all">{t('approvals.all')}</option>
          </select>
        </div>
      </div>
      {props.loadError ? (
        <p className="alert" role="alert">
          {t('approvals.loadFailed')}: {errorText(errorCodeOf(props.loadError))}
        </p>
      ) : null}
      <DataTable
        caption={t(`approvals.${props.kind}.caption`)}
        columns={[...props.columns, actions]}
        rows={props.rows}
        rowKey={(r) => r.id}
        loading={props.loading}
        empty={t('approvals.empty')}
      />
      {props.total > PAGE_SIZE ? (
        <Pager page={props.page} pageSize={PAGE_SIZE} total={props.total} onPage={props.onPage} />
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
          if (deciding) decide.mutate({ ...deciding, reason });
        }}
      >
        <p>{t(`approvals.${props.kind}.${deciding?.decision ?? 'approve'}Text`, vars)}</p>
      </ConfirmDialog>
    </section>
  );
}

function useRequestList<A>(
  key: string,
  fetch: (
    query: { status: StatusFilter; page: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<A>,
) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['approvals', key, status, page],
    queryFn: ({ signal }) => fetch({ status, page, pageSize: PAGE_SIZE }, signal),
  });
  return {
    list,
    status,
    page,
    setPage,
    setStatus: (next: StatusFilter) => {
      setStatus(next);
      setPage(1);
    },
    refresh: () => void queryClient.invalidateQueries({ queryKey: ['approvals', key] }),
  };
}

const requestedColumns = <R extends { requestedAt: string; requestedBy: Ref }>(
  t: (key: 'approvals.columns.requested' | 'approvals.columns.requester') => string,
): Column<R>[] => [
  {
    id: 'requested',
    header: t('approvals.columns.requested'),
    cell: (r) => <DateTime value={r.requestedAt} />,
  },
  { id: 'requester', header: t('approvals.columns.requester'), cell: (r) => who(r.requestedBy) },
];

function statusCell<
  R extends { status: Status; decidedBy: Ref | null; decisionReason: string | null },
>(t: ReturnType<typeof useI18n>['t']): Column<R> {
  return {
    id: 'status',
    header: t('approvals.columns.status'),
    cell: (r) => (
      <span className="approvals-status">
        <StatusBadge tone={tones[r.status]}>{t(`approvals.status.${r.status}`)}</StatusBadge>
        {r.decidedBy ? (
          <span className="muted">{t('approvals.decidedBy', { name: who(r.decidedBy) })}</span>
        ) : null}
        {r.decisionReason ? <span className="muted">“{r.decisionReason}”</span> : null}
      </span>
    ),
  };
}

const account = (a: BankRequest['from']): ReactNode => (
  <span className="approvals-account">
    <span className="mono">
      {a.bankCode} {a.bankAccountNo}
    </span>
    <span className="muted">{a.bankAccountName}</span>
  </span>
);

function BankQueue() {
  const { t } = useI18n();
  const state = useRequestList('bank', (query, signal) =>
    callApi(routes.operatorRequests.bankRequests, { query, signal }),
  );
  const columns: Column<BankRequest>[] = [
    ...requestedColumns<BankRequest>(t),
    {
      id: 'member',
      header: t('approvals.columns.member'),
      cell: (r) => (
        <span className="approvals-account">
          <strong className="mono">{r.memberNo}</strong>
          <span className="muted">{r.memberName}</span>
        </span>
      ),
    },
    { id: 'from', header: t('approvals.bank.from'), cell: (r) => account(r.from) },
    { id: 'to', header: t('approvals.bank.to'), cell: (r) => account(r.to) },
    { id: 'reason', header: t('approvals.columns.reason'), cell: (r) => r.reason },
    statusCell<BankRequest>(t),
  ];
  return (
    <Queue
      kind="bank"
      rows={state.list.data?.rows}
      total={state.list.data?.total ?? 0}
      loading={state.list.isPending}
      loadError={state.list.error}
      status={state.status}
      onStatus={state.setStatus}
      page={state.page}
      onPage={state.setPage}
      columns={columns}
      describe={(r) => ({
        member: r.memberNo,
        name: r.memberName,
        to: `${r.to.bankCode} ${r.to.bankAccountNo} (${r.to.bankAccountName})`,
        requester: who(r.requestedBy),
      })}
      decide={(r, decision, reason) =>
        decision === 'approve'
          ? callApi(routes.operatorRequests.approveBankRequest, { params: { requestId: r.id } })
          : callApi(routes.operatorRequests.rejectBankRequest, {
              params: { requestId: r.id },
              body: { reason },
            })
      }
      onDecided={state.refresh}
    />
  );
}

function ControlQueue() {
  const { t } = useI18n();
  const state = useRequestList('controls', (query, signal) =>
    callApi(routes.operatorRequests.controlRequests, { query, signal }),
  );
  const change = (r: ControlRequest): string => {
    const target = r.operator ? who(r.operator) : '';
    if (r.kind === 'threshold')
      return t('approvals.controls.threshold', {
        from: formatMoney(r.change.thresholdBefore ?? 0),
        to: formatMoney(r.change.threshold ?? 0),
      });
    if (r.kind === 'totp_reset') return t('approvals.controls.totpReset', { name: target });
    const parts = [
      r.change.role ? t('approvals.controls.role', { role: t(`roles.${r.change.role}`) }) : '',
      r.change.status ? t(`approvals.controls.status.${r.change.status}`) : '',
    ].filter(Boolean);
    return t('approvals.controls.access', { name: target, change: parts.join(', ') });
  };
  const columns: Column<ControlRequest>[] = [
    ...requestedColumns<ControlRequest>(t),
    {
      id: 'kind',
      header: t('approvals.columns.kind'),
      cell: (r) => t(`approvals.controls.kinds.${r.kind}`),
    },
    { id: 'change', header: t('approvals.columns.change'), cell: change },
    statusCell<ControlRequest>(t),
  ];
  return (
    <Queue
      kind="controls"
      rows={state.list.data?.rows}
      total={state.list.data?.total ?? 0}
      loading={state.list.isPending}
      loadError={state.list.error}
      status={state.status}
      onStatus={state.setStatus}
      page={state.page}
      onPage={state.setPage}
      columns={columns}
      describe={(r) => ({ change: change(r), requester: who(r.requestedBy) })}
      decide={(r, decision, reason) =>
        decision === 'approve'
          ? callApi(routes.operatorRequests.approveControlRequest, { params: { requestId: r.id } })
          : callApi(routes.operatorRequests.rejectControlRequest, {
              params: { requestId: r.id },
              body: { reason },
            })
      }
      onDecided={state.refresh}
    />
  );
}
