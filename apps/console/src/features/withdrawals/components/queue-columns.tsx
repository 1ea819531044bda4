import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import type { Action, Row } from '../api';
import { payoutTone, statusTone } from '../lib/tones';

/** The queue's columns: the member, the bank, the status, the decision, the payout, buttons. */
export function useQueueColumns(onAction: (action: Action) => void): Column<Row>[] {
  const { t } = useI18n();
  return [
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
                onClick={() => onAction({ kind: 'approve', row })}
              >
                {t('withdrawals.approve')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => onAction({ kind: 'reject', row })}
              >
                {t('withdrawals.reject')}
              </button>
            </div>
          );
        if (row.status === 'PROCESSING')
          return (
            <div className="row-actions" role="group" aria-label={label}>
              <button
                type="button"
                className="btn"
                onClick={() => onAction({ kind: 'retry', row })}
              >
                {t('withdrawals.retry')}
              </button>
            </div>
          );
        return null;
      },
    },
  ];
}
