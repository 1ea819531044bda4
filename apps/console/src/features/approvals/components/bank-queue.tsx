// Payout-account changes: cashiers and admins decide.
import type { Column } from '@/components/data-table';
import { useI18n } from '@/i18n/i18n';
import { useBankRequests, type BankRequest } from '../api';
import { useStatusFilter } from '../hooks/use-status-filter';
import { who } from '../lib/requests';
import { account, requestedColumns, statusCell } from './columns';
import { Queue } from './queue';

export function BankQueue() {
  const { t } = useI18n();
  const filter = useStatusFilter();
  const list = useBankRequests(filter.status, filter.page);
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
      list={list}
      filter={filter}
      columns={columns}
      describe={(r) => ({
        member: r.memberNo,
        name: r.memberName,
        to: `${r.to.bankCode} ${r.to.bankAccountNo} (${r.to.bankAccountName})`,
        requester: who(r.requestedBy),
      })}
    />
  );
}
