import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';

/** A message that needs acknowledging (success or error alert, spec section 8). */
export function AlertDialog({
  kind,
  message,
  onClose,
}: {
  kind: 'success' | 'error';
  message: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      role="alertdialog"
      title={kind === 'success' ? t('common.successTitle') : t('common.errorTitle')}
      onClose={onClose}
      testId="alert-dialog"
      className={`dialog--${kind}`}
      footer={
        <Button block onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      }
    >
      <p className="alert-dialog__message">{message}</p>
    </Dialog>
  );
}
