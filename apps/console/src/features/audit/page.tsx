// The audit log view (issue 13, decisions 0086 and 0094): search text, operator and Bangkok
// dates (kept in the URL), newest first, a page at a time; each row opens its before/after.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OPERATOR_ROLES, routes } from '@wallet/contract/routes';
import { Fragment, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import '@/components/data-table.css';
import { DateRange } from '@/components/date-range';
import { DateTime } from '@/components/date-time';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import { isYmd } from '@/lib/bangkok-date';
import { formatDateTime } from '@/lib/format';
import { auditActionLabel } from './action-label';
import { diffRows } from './diff';
import './audit.css';

const PAGE_SIZE = 50;
type Entry = ApiAnswer<typeof routes.operator.audit>['rows'][number];

function Changes({ entry }: { entry: Entry }) {
  const { t } = useI18n();
  const rows = diffRows(entry.before, entry.after);
  return (
    <div className="audit-changes">
      {/* What was stored, for investigators: the call or event, the target, the address. */}
      <dl className="audit-recorded">
        <dt>{t('audit.recorded.action')}</dt>
        <dd>
          <code>{entry.action}</code>
        </dd>
        <dt>{t('audit.recorded.outcome')}</dt>
        <dd>
          <code>{entry.outcome}</code>
        </dd>
        {entry.userAgent ? (
          <>
            <dt>{t('audit.userAgent')}</dt>
            <dd>{entry.userAgent}</dd>
          </>
        ) : null}
      </dl>
      {rows.length === 0 ? (
        <p className="muted">{t('audit.nothing')}</p>
      ) : (
        <table className="audit-diff">
          <caption className="visually-hidden">
            {t('audit.diffCaption', { action: auditActionLabel(t, entry.action) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} className={row.changed ? 'audit-changed' : undefined}>
                <th scope="row">
                  {row.field || '–'}
                  {row.changed ? (
                    <span className="audit-changed-mark"> ({t('audit.changed')})</span>
                  ) : null}
                </th>
                <td>
                  <code>{row.before ?? '–'}</code>
                </td>
                <td>
                  <code>{row.after ?? '–'}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function AuditPage() {
  const { t, errorText } = useI18n();
  const roleName = (role: string) =>
    (OPERATOR_ROLES as readonly string[]).includes(role)
      ? t(`roles.${role as (typeof OPERATOR_ROLES)[number]}`)
      : role;
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const operator = search.get('operator') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [draft, setDraft] = useState({ operator, from, to });
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

  const query = useQuery({
    queryKey: ['audit', q, operator, from, to, page],
    queryFn: ({ signal }) =>
      callApi(routes.operator.audit, {
        query: {
          q: q || undefined,
          operator: operator || undefined,
          from: isYmd(from) ? from : undefined,
          to: isYmd(to) ? to : undefined,
          page,
          pageSize: PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ operator: draft.operator.trim(), from: draft.from, to: draft.to });
  };
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
      <div className="card audit-filters">
        <SearchBox
          label={t('audit.search')}
          value={q}
          hint={t('audit.searchHint')}
          onSearch={(value) => update({ q: value })}
        />
        <form className="audit-filter-form" onSubmit={submit} aria-label={t('audit.filters')}>
          <div className="field">
            <label htmlFor="audit-operator">{t('audit.operator')}</label>
            <input
              id="audit-operator"
              value={draft.operator}
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, operator: event.target.value })}
            />
          </div>
          <DateRange
            legend={t('audit.dates')}
            fromLabel={t('audit.from')}
            toLabel={t('audit.to')}
            from={draft.from}
            to={draft.to}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <div className="audit-filter-buttons">
            <button type="submit" className="btn btn-primary">
              {t('audit.apply')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDraft({ operator: '', from: '', to: '' });
                update({ q: '', operator: '', from: '', to: '' });
              }}
            >
              {t('audit.reset')}
            </button>
          </div>
        </form>
      </div>
      {query.error ? (
        <p className="alert" role="alert">
          {errorText(query.error instanceof ApiError ? query.error.code : 'NETWORK_ERROR')}
        </p>
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
            {rows?.map((entry) => {
              const shown = open.has(entry.id);
              const panel = `audit-changes-${entry.id}`;
              return (
                <Fragment key={entry.id}>
                  <tr>
                    <td>
                      <DateTime value={entry.at} />
                    </td>
                    <td>
                      {entry.operator ?? '–'}
                      {entry.role ? (
                        <span className="muted audit-role">{roleName(entry.role)}</span>
                      ) : null}
                    </td>
                    <td>
                      {/* The stored value stays at hand: the title, and the details below. */}
                      <span title={entry.action}>{auditActionLabel(t, entry.action)}</span>
                    </td>
                    <td className="audit-target">{entry.target ?? '–'}</td>
                    <td>
                      {entry.outcome === 'ok' ? (
                        <StatusBadge tone="ok">{t('audit.ok')}</StatusBadge>
                      ) : (
                        <>
                          <StatusBadge tone="bad" title={entry.outcome}>
                            {t('audit.refused')}
                          </StatusBadge>
                          {/* The code says why; a sign-in event's outcome is the event itself. */}
                          {entry.outcome !== entry.action ? (
                            <code className="audit-code audit-outcome-code">{entry.outcome}</code>
                          ) : null}
                        </>
                      )}
                    </td>
                    <td>{entry.ip ?? '–'}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-link"
                        aria-expanded={shown}
                        aria-controls={shown ? panel : undefined}
                        onClick={() => toggle(entry.id)}
                      >
                        {shown ? t('audit.hide') : t('audit.show')}
                        <span className="visually-hidden">
                          {' '}
                          {t('audit.rowLabel', {
                            action: auditActionLabel(t, entry.action),
                            at: formatDateTime(entry.at),
                          })}
                        </span>
                      </button>
                    </td>
                  </tr>
                  {shown ? (
                    <tr className="audit-detail-row">
                      <td colSpan={columns} id={panel}>
                        <Changes entry={entry} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
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
