// The audit log view (issue 13, decisions 0086 and 0094): search text, operator and Bangkok
// dates (kept in the URL), newest first, a page at a time; each row opens its before/after.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import '@/components/data-table.css';
import { Alert } from '@/components/form';
import { Pager } from '@/components/pager';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { PAGE_SIZE, useAuditLog } from './api';
import { AuditRow } from './components/audit-row';
import { Filters } from './components/filters';
import './audit.css';

export default function AuditPage() {
  const { t, errorText } = useI18n();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const operator = search.get('operator') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };

  const query = useAuditLog({ q, operator, from, to, page });

  const toggle = (id: number) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = query.data?.rows;
  const columns = 7;
  return (
    <div className="audit">
      <div className="page-title">
        <h1>{t('nav.audit')}</h1>
      </div>
      <Filters q={q} operator={operator} from={from} to={to} onUpdate={update} />
      {query.error ? (
        <Alert>
          {errorText(query.error instanceof ApiError ? query.error.code : 'NETWORK_ERROR')}
        </Alert>
      ) : null}
      <div className="data-table-wrap">
        <table className="data-table audit-table" aria-busy={query.isFetching || undefined}>
          <caption className="data-table-caption">{t('audit.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.col.at')}</th>
              <th scope="col">{t('audit.col.operator')}</th>
              <th scope="col">{t('audit.col.action')}</th>
              <th scope="col">{t('audit.col.target')}</th>
              <th scope="col">{t('audit.col.outcome')}</th>
              <th scope="col">{t('audit.col.from')}</th>
              <th scope="col">{t('audit.col.details')}</th>
            </tr>
          </thead>
          <tbody>
            {rows && rows.length === 0 ? (
              <tr>
                <td colSpan={columns} className="data-table-empty">
                  {t('audit.empty')}
                </td>
              </tr>
            ) : null}
            {!rows && query.isFetching ? (
              <tr>
                <td colSpan={columns} className="data-table-empty" role="status">
                  {t('table.loading')}
                </td>
              </tr>
            ) : null}
            {rows?.map((entry) => (
              <AuditRow
                key={entry.id}
                entry={entry}
                shown={open.has(entry.id)}
                columns={columns}
                onToggle={() => toggle(entry.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {query.data ? (
        <Pager
          page={query.data.page}
          pageSize={PAGE_SIZE}
          total={query.data.total}
          onPage={(next) => update({ page: String(next) })}
        />
      ) : null}
    </div>
  );
}
