import { useMemo } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useAgreements } from '@/features/home/api/get-agreements';
import { acknowledgeAgreement } from '@/features/home/lib/agreement';
import './home-dialogs.css';

/**
 * The user agreement (operator HTML, sanitised). It appears once the text has arrived; a
 * failed or empty lookup shows nothing (spec section 8: agreement lookup failures are
 * swallowed). Agreeing stores the acknowledgement; closing without it asks again next time.
 */
export function AgreementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const agreements = useAgreements();
  const items = useMemo(
    () => (agreements.data?.agreements ?? []).map(sanitizeHtml).filter((html) => html.trim()),
    [agreements.data],
  );
  if (items.length === 0) return null;
  return (
    <Dialog
      title={t('agreement.title')}
      onClose={onClose}
      testId="agreement-dialog"
      footer={
        <Button
          block
          data-autofocus
          data-testid="agreement-accept"
          onClick={() => {
            acknowledgeAgreement();
            onClose();
          }}
        >
          {t('agreement.accept')}
        </Button>
      }
    >
      <div className="agreement">
        {items.map((html, index) => (
          <div
            key={index}
            className="rich-text"
            // Sanitised with an allowlist (lib/sanitize-html.ts).
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ))}
      </div>
    </Dialog>
  );
}
