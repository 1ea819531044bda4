import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { SEARCH_PAGE_SIZE as PAGE_SIZE, useMemberSearch, type SearchRow as Row } from '../api';
import { toneOf } from '../lib/status';

export function MemberSearch() {
  const { t, errorText } = useI18n();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const result = useMemberSearch(q, page);
  const columns: Column<Row>[] = [
    { id: 'memberNo', header: t('members.col.memberNo'), cell: (r) => r.memberNo },
    { id: 'phone', header: t('members.col.phone'), cell: (r) => r.phone },
    { id: 'name', header: t('members.col.name'), cell: (r) => r.name },
    {
      id: 'bank',
      header: t('members.col.bankAccountNo'),
      cell: (r) => `${r.bankCode} ${r.bankAccountNo}`,
    },
    {
      id: 'status',
      header: t('members.col.status'),
      cell: (r) => (
        <StatusBadge tone={toneOf(r.status)}>{t(`members.status.${r.status}`)}</StatusBadge>
      ),
    },
    {
      id: 'balance',
      header: t('members.col.balance'),
      align: 'end',
      cell: (r) => <Money baht={r.balance} />,
    },
    {
      id: 'createdAt',
      header: t('members.col.createdAt'),
      cell: (r) => <DateTime value={r.createdAt} />,
    },
  ];
  return (
    <div className="members-search">
      <div className="page-title">
        <h1>{t('nav.members')}</h1>
      </div>
      <p className="muted">{t('members.description')}</p>
      <SearchBox
        label={t('members.search.label')}
        placeholder={t('members.search.placeholder')}
        hint={t('members.search.hint')}
        value={q}
        onSearch={(next) => setParams(next ? { q: next } : {})}
      />
      {result.error ? (
        <p className="alert" role="alert">
          {errorText((result.error as { code?: string }).code ?? 'UNKNOWN')}
        </p>
      ) : null}
      <DataTable
        caption={t('members.search.caption')}
        columns={columns}
        rows={result.data?.rows}
        rowKey={(r) => r.memberNo}
        loading={result.isLoading}
        onRowOpen={(r) => navigate(r.memberNo)}
        rowLabel={(r) => t('members.search.open', { memberNo: r.memberNo, name: r.name })}
      />
      {result.data && result.data.total > PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={result.data.total}
          onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
        />
      ) : null}
    </div>
  );
}
