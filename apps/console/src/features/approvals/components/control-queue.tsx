// Control changes: admins decide (the four-eyes threshold, an active cashier or admin,
// removing an admin, resetting another operator's authenticator).
import type { Column } from '@/components/data-table';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/format';
import { useControlRequests, type ControlRequest } from '../api';
import { useStatusFilter } from '../hooks/use-status-filter';
import { who } from '../lib/requests';
import { requestedColumns, statusCell } from './columns';
import { Queue } from './queue';

export function ControlQueue() {
  const { t } = useI18n();
  const filter = useStatusFilter();
  const list = useControlRequests(filter.status, filter.page);
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
      list={list}
      filter={filter}
      columns={columns}
      describe={(r) => ({ change: change(r), requester: who(r.requestedBy) })}
    />
  );
}
