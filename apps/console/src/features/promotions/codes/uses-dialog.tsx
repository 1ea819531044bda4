// Who used a promotion code, a page at a time.
import { useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { Pager } from '@/components/pager';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import { usePromotionUses } from '../api';
import { EditorDialog } from '../editor-dialog';
import { LoadFailed } from '../shared';

export function UsesDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const uses = usePromotionUses(code, page);
  type Use = NonNullable<typeof uses.data>['rows'][number];
  const columns: Column<Use>[] = [
    {
      id: 'when',
      header: t('promotions.codes.uses.when'),
      cell: (u) => <DateTime value={u.createdAt} />,
    },
    { id: 'member', header: t('promotions.codes.uses.member'), cell: (u) => u.memberId },
    {
      id: 'useNo',
      header: t('promotions.codes.uses.useNo'),
      align: 'end',
      cell: (u) => formatCount(u.useNo),
    },
    {
      id: 'totalNo',
      header: t('promotions.codes.uses.totalNo'),
      align: 'end',
      cell: (u) => formatCount(u.totalNo),
    },
    {
      id: 'credited',
      header: t('promotions.codes.uses.credited'),
      align: 'end',
      cell: (u) => <Money baht={u.credited} />,
    },
    {
      id: 'status',
      header: t('promotions.codes.uses.status'),
      cell: (u) => (
        <StatusBadge tone={u.status === 'open' ? 'info' : u.status === 'met' ? 'ok' : 'neutral'}>
          {t(`promotions.grantStatus.${u.status}` as never)}
        </StatusBadge>
      ),
    },
  ];
  return (
    <EditorDialog
      title={t('promotions.codes.uses.title', { code })}
      busy={false}
      error={null}
      invalid={false}
      onSubmit={onClose}
      onCancel={onClose}
      testId="code-uses"
      readOnly
    >
      {uses.isError ? (
        <LoadFailed error={uses.error} onRetry={() => void uses.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('promotions.codes.uses.caption', { code })}
            columns={columns}
            rows={uses.data?.rows}
            rowKey={(u) => u.totalNo}
            loading={uses.isPending}
          />
          {uses.data ? (
            <Pager page={page} pageSize={20} total={uses.data.total} onPage={setPage} />
          ) : null}
        </>
      )}
    </EditorDialog>
  );
}
