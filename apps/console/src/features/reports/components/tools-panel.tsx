// How many members use each player-protection tool now (issue 28, decision 0146).
import { DataTable, type Column } from '@/components/data-table';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import { useToolUsage, type ToolUsage } from '../api';

const TOOLS = ['depositLimit', 'lossLimit', 'timeOut', 'selfExclusion', 'realityCheck'] as const;
type Row = { tool: (typeof TOOLS)[number]; members: number };

export function ToolsPanel() {
  const { t } = useI18n();
  const usage = useToolUsage(true);
  const rows: Row[] | undefined = usage.data
    ? TOOLS.map((tool) => ({ tool, members: (usage.data as ToolUsage)[tool] }))
    : undefined;
  const columns: Column<Row>[] = [
    { id: 'tool', header: t('reports.tools.tool'), cell: (x) => t(`reports.tools.${x.tool}`) },
    {
      id: 'members',
      header: t('reports.tools.members'),
      align: 'end',
      cell: (x) => formatCount(x.members),
    },
  ];
  return (
    <section className="card reports-tools" aria-labelledby="reports-tools-title">
      <h2 id="reports-tools-title">{t('reports.tools.title')}</h2>
      <DataTable
        caption={t('reports.tools.title')}
        columns={columns}
        rows={rows}
        rowKey={(x) => x.tool}
        loading={usage.isPending}
      />
    </section>
  );
}
