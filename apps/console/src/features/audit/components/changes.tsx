import { useI18n } from '@/i18n/i18n';
import type { Entry } from '../api';
import { auditActionLabel } from '../lib/action-label';
import { diffRows } from '../lib/diff';

/** An entry's details: what was stored, and its before / after field by field. */
export function Changes({ entry }: { entry: Entry }) {
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
