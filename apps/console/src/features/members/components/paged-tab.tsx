import { useState, type ReactNode } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Alert } from '@/components/form';
import { Pager } from '@/components/pager';
import { useI18n } from '@/i18n/i18n';
import { LIST_PAGE_SIZE as PAGE_SIZE, useMemberList, type MemberList } from '../api';

interface PagedTabProps<Row> {
  list: MemberList;
  memberNo: string;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Above the table (the notes form). */
  before?: ReactNode;
}

/** One tab of the member page: a page of rows of `/api/operator/members/:memberNo/<tab>`. */
export function PagedTab<Row>({
  list,
  memberNo,
  caption,
  columns,
  rowKey,
  before,
}: PagedTabProps<Row>) {
  const { errorText } = useI18n();
  const [page, setPage] = useState(1);
  const result = useMemberList<Row>(list, memberNo, page);
  return (
    <div className="member-tab">
      {before}
      {result.error ? (
        <Alert>{errorText((result.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
      ) : null}
      <DataTable
        caption={caption}
        columns={columns}
        rows={result.data?.rows}
        rowKey={rowKey}
        loading={result.isLoading}
      />
      {result.data && result.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={result.data.total} onPage={setPage} />
      ) : null}
    </div>
  );
}
