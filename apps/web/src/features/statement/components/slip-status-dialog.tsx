import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';

/** The slip upload-status dialog; its table of slips arrives with deposits (issue 4). */
export function SlipStatusDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('slips.title')}
      onClose={onClose}
      testId="slip-status-dialog"
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p className="muted">{t('slips.soon')}</p>
    </Dialog>
  );
}
