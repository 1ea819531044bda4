import { useMemo } from 'react';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useConditions } from '@/features/conditions/api/get-conditions';
import './conditions-dialog.css';

/** The conditions modal of the signed-in shell: a list of sanitised operator HTML strings. */
export function ConditionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const conditions = useConditions();
  const items = useMemo(() => (conditions.data ?? []).map(sanitizeHtml), [conditions.data]);

  return (
    <Dialog title={t('conditions.title')} onClose={onClose} testId="conditions-dialog">
      {conditions.isPending ? <Spinner /> : null}
      {conditions.isError ? <p className="form__error">{errorMessage(conditions.error)}</p> : null}
      {conditions.data && items.length === 0 ? (
        <p className="muted">{t('conditions.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <ol className="conditions-list">
          {items.map((html, index) => (
            <li
              key={index}
              className="rich-text"
              // Sanitised with an allowlist (lib/sanitize-html.ts).
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ))}
        </ol>
      ) : null}
    </Dialog>
  );
}
