import { useId } from 'react';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import type { Decision, Request } from '../api';
import { tones, who } from '../lib/requests';

/** The queue's columns; a request's own author (`me`) sees its buttons off, with the reason. */
export function useRequestColumns(props: {
  me: number | undefined;
  onDecide: (request: Request, decision: Decision) => void;
}): Column<Request>[] {
  const { t } = useI18n();
  const id = useId();
  const directionText = (request: Request) => t(`adjustments.form.${request.direction}`);
  return [
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
        const own = r.requestedBy.id === props.me;
        const note = own ? `${id}-own-${r.id}` : undefined;
        return (
          <div className="adjustments-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={own}
              aria-describedby={note}
              onClick={() => props.onDecide(r, 'approve')}
            >
              {t('adjustments.queue.approve')}
              <span className="visually-hidden"> #{r.id}</span>
            </button>
            <button
              type="button"
              className="btn"
              disabled={own}
              aria-describedby={note}
              onClick={() => props.onDecide(r, 'reject')}
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
}
