import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { StatusBadge } from '@/components/status-badge';
import type { useI18n } from '@/i18n/i18n';
import type { BankRequest, Status } from '../api';
import { tones, who, type Ref } from '../lib/requests';

export const requestedColumns = <R extends { requestedAt: string; requestedBy: Ref }>(
  t: (key: 'approvals.columns.requested' | 'approvals.columns.requester') => string,
): Column<R>[] => [
  {
    id: 'requested',
    header: t('approvals.columns.requested'),
    cell: (r) => <DateTime value={r.requestedAt} />,
  },
  { id: 'requester', header: t('approvals.columns.requester'), cell: (r) => who(r.requestedBy) },
];

export function statusCell<
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

export const account = (a: BankRequest['from']): ReactNode => (
  <span className="approvals-account">
    <span className="mono">
      {a.bankCode} {a.bankAccountNo}
    </span>
    <span className="muted">{a.bankAccountName}</span>
  </span>
);
