import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteDef } from '@wallet/contract/routes';
import { useState, type ReactNode } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { useI18n } from '@/i18n/i18n';
import { callApi } from '@/lib/api';

const PAGE_SIZE = 20;

interface PagedTabProps<Row> {
  route: RouteDef;
  memberNo: string;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Above the table (the notes form). */
  before?: ReactNode;
}

/** One tab of the member page: a page of rows of `/api/operator/members/:memberNo/<tab>`. */
export function PagedTab<Row>({
  route,
  memberNo,
  caption,
  columns,
  rowKey,
  before,
}: PagedTabProps<Row>) {
  const { errorText } = useI18n();
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: ['members', memberNo, route.path, page],
    queryFn: ({ signal }) =>
      (
        callApi as (r: RouteDef, o: object) => Promise<{ rows: Row[]; total: number; page: number }>
      )(route, { params: { memberNo }, query: { page, pageSize: PAGE_SIZE }, signal }),
    // The previous page of this tab and member while the next loads; never another tab's or
    // member's rows (another tab's rows do not fit these columns). Tabs gives every tab its
    // own instance too; this holds wherever the component is used.
    placeholderData: (previous, query) =>
      query?.queryKey[1] === memberNo && query.queryKey[2] === route.path
        ? keepPreviousData(previous)
        : undefined,
  });
  return (
    <div className="member-tab">
      {before}
      {result.error ? (
        <p className="alert" role="alert">
          {errorText((result.error as { code?: string }).code ?? 'UNKNOWN')}
        </p>
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
