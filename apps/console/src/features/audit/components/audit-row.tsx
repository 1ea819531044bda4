import { OPERATOR_ROLES } from '@wallet/contract/routes';
import { DateTime } from '@/components/date-time';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import type { Entry } from '../api';
import { auditActionLabel } from '../lib/action-label';
import { Changes } from './changes';

/** One entry of the log; its details open in the row below. */
export function AuditRow({
  entry,
  shown,
  columns,
  onToggle,
}: {
  entry: Entry;
  shown: boolean;
  columns: number;
  onToggle: () => void;
}) {
  const { t } = useI18n();
  const roleName = (role: string) =>
    (OPERATOR_ROLES as readonly string[]).includes(role)
      ? t(`roles.${role as (typeof OPERATOR_ROLES)[number]}`)
      : role;
  const panel = `audit-changes-${entry.id}`;
  return (
    <>
      <tr>
        <td>
          <DateTime value={entry.at} />
        </td>
        <td>
          {entry.operator ?? '–'}
          {entry.role ? <span className="muted audit-role">{roleName(entry.role)}</span> : null}
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
            onClick={onToggle}
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
    </>
  );
}
