import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';

/**
 * A message that needs acknowledging (spec section 8): success and error alerts with a
 * generic title, or, as transfer and withdraw errors are, titled with the error label itself.
 */
export function AlertDialog({
  kind,
  message,
  title,
  onClose,
  testId = 'alert-dialog',
}: {
  kind: 'success' | 'error' | 'info';
  message?: ReactNode;
  /** Replaces the generic title (the error label for transfer and withdraw errors). */
  title?: string;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useI18n();
  const generic = kind === 'error' ? t('common.errorTitle') : t('common.successTitle');
  return (
    <Dialog
      role="alertdialog"
      title={title ?? generic}
      onClose={onClose}
      testId={testId}
      className={`dialog--${kind}`}
      footer={
        <Button block onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      }
    >
      {message ? <p className="alert-dialog__message">{message}</p> : null}
    </Dialog>
  );
}
