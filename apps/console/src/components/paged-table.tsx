import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';

interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'rows' | 'loading'> {
  /** A list answer (`{ rows, total, page }`), undefined while the first page loads. */
  data: { rows: readonly Row[]; total: number } | undefined;
  loading: boolean;
  /** The translated failure to show above the table, or null. */
  error: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * One page of an operator list: the failure (an alert), the table and the pager. Every paged
 * list of the console is this, so they all read, load and fail the same way.
 */
export function PagedTable<Row>({
  data,
  loading,
  error,
  page,
  pageSize,
  onPage,
  ...table
}: PagedTableProps<Row>) {
  return (
    <>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable {...table} rows={data?.rows} loading={loading} />
      <Pager page={page} pageSize={pageSize} total={data?.total ?? 0} onPage={onPage} />
    </>
  );
}
