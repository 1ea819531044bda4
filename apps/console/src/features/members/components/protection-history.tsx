// A member's protection history (issue 28): every change, newest first, in words: what
// changed, who (the member or the operator by name), when, the old and new values and why.
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { useI18n } from '@/i18n/i18n';
import type { MemberProtection } from '../api';
import { actorText, changeText, valueText } from '../lib/protection-history';

type HistoryRow = MemberProtection['history'][number];

export function ProtectionHistory({ rows }: { rows: readonly HistoryRow[] | undefined }) {
  const { t } = useI18n();
  const columns: Column<HistoryRow>[] = [
    { id: 'at', header: t('members.col.at'), cell: (x) => <DateTime value={x.at} /> },
    { id: 'actor', header: t('members.protection.col.actor'), cell: (x) => actorText(t, x) },
    {
      id: 'change',
      header: t('members.protection.col.change'),
      cell: (x) => changeText(t, x.change),
    },
    { id: 'old', header: t('members.col.before'), cell: (x) => valueText(t, x.change, x.old) },
    { id: 'new', header: t('members.col.after'), cell: (x) => valueText(t, x.change, x.new) },
    { id: 'reason', header: t('members.col.reason'), cell: (x) => x.reason ?? '—' },
  ];
  return (
    <DataTable
      caption={t('members.protection.historyCaption')}
      showCaption
      columns={columns}
      rows={rows}
      rowKey={(x) => x.id}
      loading={!rows}
    />
  );
}
