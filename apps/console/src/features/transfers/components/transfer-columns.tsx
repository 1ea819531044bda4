import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { statusTone, type Row, type TabId, type useAskAgain } from '../api';

/** The list's columns; open transfers end with "ask again", settled ones with when. */
export function useTransferColumns(tab: TabId, ask: ReturnType<typeof useAskAgain>): Column<Row>[] {
  const { t } = useI18n();
  return [
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
    tab === 'open'
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
}
