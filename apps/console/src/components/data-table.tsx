import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n';
import './data-table.css';

export interface Column<Row> {
  /** Unique per table; also the sort key. */
  id: string;
  /** Translated header text. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and money line up on the right. */
  align?: 'start' | 'end';
  /** Sortable on the client by this value (tables showing one server page may leave it out). */
  sortValue?: (row: Row) => string | number;
}

export interface SortState {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** Says what the table lists; visually hidden unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** Shown in one row when there are no rows (default: the catalogue's "Nothing to show"). */
  empty?: ReactNode;
  /** Opens a row: click, or Enter on the focused row. */
  onRowOpen?: (row: Row) => void;
  /** An accessible name per row for screen readers when rows open (e.g. the member number). */
  rowLabel?: (row: Row) => string;
  /** Start sorted (client-side sorting). */
  initialSort?: SortState;
  /** Server-side sorting: the current sort and what to do when a header is pressed. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
}

const SKELETON_ROWS = 5;

/**
 * A table with a caption and column headers, optional sorting (aria-sort on the header),
 * an empty state, a skeleton while loading, and rows that open on click or Enter.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useI18n();
  const { columns, rows, loading = false, onRowOpen } = props;
  const [localSort, setLocalSort] = useState<SortState | undefined>(props.initialSort);
  const sort = props.sort ?? localSort;

  const shown = useMemo(() => {
    if (!rows) return [];
    if (props.sort || !sort) return rows;
    const column = columns.find((c) => c.id === sort.column);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * factor;
    });
  }, [rows, columns, sort, props.sort]);

  const toggle = (column: Column<Row>) => {
    const next: SortState = {
      column: column.id,
      direction:
        sort?.column === column.id && sort.direction === 'ascending' ? 'descending' : 'ascending',
    };
    if (props.onSortChange) props.onSortChange(next);
    else setLocalSort(next);
  };
  const sortable = (column: Column<Row>) => Boolean(column.sortValue || props.onSortChange);

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowOpen?.(row);
    }
  };

  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-busy={loading || undefined}>
        <caption className={props.showCaption ? 'data-table-caption' : 'visually-hidden'}>
          {props.caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.column === column.id ? sort.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={active ?? (sortable(column) ? 'none' : undefined)}
                  className={column.align === 'end' ? 'align-end' : undefined}
                >
                  {sortable(column) ? (
                    <button type="button" className="sort-button" onClick={() => toggle(column)}>
                      {column.header}
                      <span aria-hidden="true" className="sort-mark">
                        {active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && !rows?.length ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={`skeleton-${i}`} className="skeleton-row" aria-hidden="true">
                {columns.map((column) => (
                  <td key={column.id}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))
          ) : shown.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                {props.empty ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            shown.map((row) => (
              <tr
                key={props.rowKey(row)}
                className={onRowOpen ? 'row-openable' : undefined}
                tabIndex={onRowOpen ? 0 : undefined}
                aria-label={onRowOpen && props.rowLabel ? props.rowLabel(row) : undefined}
                onClick={onRowOpen ? () => onRowOpen(row) : undefined}
                onKeyDown={onRowOpen ? (event) => onRowKey(event, row) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.id} className={column.align === 'end' ? 'align-end' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading ? (
        <p className="visually-hidden" role="status">
          {t('table.loading')}
        </p>
      ) : null}
    </div>
  );
}
