// The adjustments section (decision 0089): credit or debit a member's wallet; above the
// threshold the adjustment becomes a request that a second operator approves or rejects in
// the queue below. The requester's own requests cannot be decided here (nor on the server).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { routes } from '@wallet/contract/routes';
import { parseAmountInput } from '@wallet/client/amount';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { Pager } from '@/components/pager';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n, type Vars } from '@/i18n/i18n';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import './adjustments.css';

type Request = ApiAnswer<typeof routes.operatorAdjustments.listRequests>['rows'][number];
type StatusFilter = 'pending' | 'approved' | 'rejected' | 'all';

const PAGE_SIZE = 20;
const tones: Record<Request['status'], StatusTone> = {
  pending: 'warn',
  approved: 'ok',
  rejected: 'bad',
};

export default function AdjustmentsPage() {
  const { t } = useI18n();
  return (
    <div className="adjustments-page">
      <div className="page-title">
        <h1>{t('adjustments.title')}</h1>
      </div>
      <p className="muted">{t('adjustments.intro')}</p>
      <AdjustmentForm />
      <RequestQueue />
    </div>
  );
}

function AdjustmentForm() {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [member, setMember] = useState(params.get('member') ?? '');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // One key per intended adjustment: a retry after a lost answer cannot post twice.
  const key = useRef<string | null>(null);
  const changed = () => {
    key.current = null;
    setError(null);
  };

  const threshold = useQuery({
    queryKey: ['adjustments', 'threshold'],
    queryFn: ({ signal }) => callApi(routes.operatorAdjustments.getThreshold, { signal }),
  });

  const submit = useMutation({
    mutationFn: (body: {
      memberId: string;
      amount: number;
      direction: 'credit' | 'debit';
      reason: string;
    }) => {
      key.current ??= crypto.randomUUID();
      return callApi(routes.operator.adjust, { body, idempotencyKey: key.current });
    },
    onSuccess: (answer, body) => {
      key.current = null;
      if (answer.status === 'posted')
        toast.show(
          t('adjustments.form.posted', {
            member: body.memberId,
            balance: formatMoney(answer.balance),
          }),
        );
      else toast.show(t('adjustments.form.pending', { id: answer.requestId }), 'info');
      setAmount('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['adjustments', 'requests'] });
    },
    onError: (caught) => {
      const code = caught instanceof ApiError ? caught.code : 'INTERNAL_SERVER_ERROR';
      setError(code === 'NO_USER' ? t('adjustments.errors.noMember') : errorText(code));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!member.trim())
      problems.member = t('adjustments.form.required', { field: t('adjustments.form.member') });
    const typed = parseAmountInput(amount);
    if (!amount.trim())
      problems.amount = t('adjustments.form.required', { field: t('adjustments.form.amount') });
    else if (!typed.ok || typed.baht <= 0) problems.amount = t('adjustments.form.amountInvalid');
    if (!reason.trim())
      problems.reason = t('adjustments.form.required', { field: t('adjustments.form.reason') });
    setInvalid(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!typed.ok) return;
    submit.mutate({
      memberId: member.trim(),
      amount: typed.baht,
      direction,
      reason: reason.trim(),
    });
  };

  const describedBy = (field: string, ...more: string[]) =>
    [invalid[field] ? `${id}-${field}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: string) =>
    invalid[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {invalid[field]}
      </p>
    ) : null;

  return (
    <section className="card adjustments-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adjustments.form.title')}</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="adjustments-grid">
          <div className="field">
            <label htmlFor={`${id}-member`}>{t('adjustments.form.member')}</label>
            <input
              id={`${id}-member`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('adjustments.form.memberHint')}
              value={member}
              aria-invalid={invalid.member ? true : undefined}
              aria-describedby={describedBy('member')}
              onChange={(event) => {
                setMember(event.target.value);
                changed();
              }}
            />
            {fieldError('member')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{t('adjustments.form.amount')}</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={invalid.amount ? true : undefined}
              aria-describedby={describedBy('amount', `${id}-threshold`)}
              onChange={(event) => {
                setAmount(event.target.value);
                changed();
              }}
            />
            <p id={`${id}-threshold`} className="muted adjustments-threshold">
              {threshold.data
                ? t('adjustments.form.threshold', { amount: formatMoney(threshold.data.threshold) })
                : t('adjustments.form.thresholdUnknown')}
            </p>
            {fieldError('amount')}
          </div>
          <fieldset className="field adjustments-direction">
            <legend>{t('adjustments.form.direction')}</legend>
            {(['credit', 'debit'] as const).map((value) => (
              <label key={value} className="adjustments-radio">
                <input
                  type="radio"
                  name={`${id}-direction`}
                  value={value}
                  checked={direction === value}
                  onChange={() => {
                    setDirection(value);
                    changed();
                  }}
                />
                {t(`adjustments.form.${value}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('adjustments.form.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={200}
            value={reason}
            aria-invalid={invalid.reason ? true : undefined}
            aria-describedby={describedBy('reason', `${id}-reason-hint`)}
            onChange={(event) => {
              setReason(event.target.value);
              changed();
            }}
          />
          <p id={`${id}-reason-hint`} className="muted">
            {t('adjustments.form.reasonHint')}
          </p>
          {fieldError('reason')}
        </div>
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submit.isPending}
          aria-busy={submit.isPending || undefined}
        >
          {submit.isPending ? t('adjustments.form.working') : t('adjustments.form.submit')}
        </button>
      </form>
    </section>
  );
}

function RequestQueue() {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const session = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{
    request: Request;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['adjustments', 'requests', status, page],
    queryFn: ({ signal }) =>
      callApi(routes.operatorAdjustments.listRequests, {
        query: { status, page, pageSize: PAGE_SIZE },
        signal,
      }),
  });

  const decide = useMutation({
    mutationFn: async (input: {
      request: Request;
      decision: 'approve' | 'reject';
      reason: string;
    }) =>
      input.decision === 'approve'
        ? callApi(routes.operatorAdjustments.approveRequest, {
            params: { requestId: input.request.id },
          })
        : callApi(routes.operatorAdjustments.rejectRequest, {
            params: { requestId: input.request.id },
            body: { reason: input.reason },
          }),
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
      void queryClient.invalidateQueries({ queryKey: ['adjustments', 'requests'] });
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
      if (status === 409)
        void queryClient.invalidateQueries({ queryKey: ['adjustments', 'requests'] });
    },
  });

  const open = (request: Request, decision: 'approve' | 'reject') => {
    setDialogError(null);
    setDeciding({ request, decision });
  };
  const directionText = (request: Request) => t(`adjustments.form.${request.direction}`);
  const who = (ref: { displayName: string; username: string }) =>
    ref.displayName === ref.username ? ref.username : `${ref.displayName} (${ref.username})`;

  const columns: Column<Request>[] = [
    {
      id: 'requested',
      header: t('adjustments.queue.requested'),
      cell: (r) => <DateTime value={r.requestedAt} />,
    },
    {
      id: 'member',
      header: t('adjustments.queue.member'),
      cell: (r) => (
        <>
          <span className="adjustments-member-no">{r.memberId}</span>{' '}
          <span className="muted">{r.memberName}</span>
        </>
      ),
    },
    {
      id: 'amount',
      header: t('adjustments.queue.amount'),
      align: 'end',
      cell: (r) => (
        <span className="adjustments-amount">
          <Money baht={r.direction === 'debit' ? -r.amount : r.amount} />
          <span className="muted adjustments-direction-text">{directionText(r)}</span>
        </span>
      ),
    },
    { id: 'reason', header: t('adjustments.queue.reason'), cell: (r) => r.reason },
    { id: 'requester', header: t('adjustments.queue.requester'), cell: (r) => who(r.requestedBy) },
    {
      id: 'status',
      header: t('adjustments.queue.status'),
      cell: (r) => (
        <span className="adjustments-status">
          <StatusBadge tone={tones[r.status]}>{t(`adjustments.status.${r.status}`)}</StatusBadge>
          {r.decidedBy ? (
            <span className="muted">
              {t('adjustments.queue.decidedBy', { name: who(r.decidedBy) })}
            </span>
          ) : null}
          {r.decisionReason ? <span className="muted">“{r.decisionReason}”</span> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('adjustments.queue.actions'),
      cell: (r) => {
        if (r.status !== 'pending') return null;
        const own = r.requestedBy.id === session?.operator.id;
        const note = own ? `${id}-own-${r.id}` : undefined;
        return (
          <div className="adjustments-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={own}
              aria-describedby={note}
              onClick={() => open(r, 'approve')}
            >
              {t('adjustments.queue.approve')}
              <span className="visually-hidden"> #{r.id}</span>
            </button>
            <button
              type="button"
              className="btn"
              disabled={own}
              aria-describedby={note}
              onClick={() => open(r, 'reject')}
            >
              {t('adjustments.queue.reject')}
              <span className="visually-hidden"> #{r.id}</span>
            </button>
            {own ? (
              <p id={note} className="muted adjustments-own">
                {t('adjustments.queue.own')}
              </p>
            ) : null}
          </div>
        );
      },
    },
  ];

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
        <div className="field adjustments-filter">
          <label htmlFor={`${id}-status`}>{t('adjustments.queue.filter')}</label>
          <select
            id={`${id}-status`}
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
        </div>
      </div>
      {list.isError ? (
        <p className="alert" role="alert">
          {t('adjustments.queue.loadFailed')}:{' '}
          {errorText(list.error instanceof ApiError ? list.error.code : 'INTERNAL_SERVER_ERROR')}
        </p>
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
