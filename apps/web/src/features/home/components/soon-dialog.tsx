import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';

export type SoonTopic = 'invite' | 'refund';

/** Invite and refund dialogs arrive with their own issues; until then, say so. */
export function SoonDialog({ topic, onClose }: { topic: SoonTopic; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t(`soon.${topic}Title`)}
      onClose={onClose}
      testId={`${topic}-dialog`}
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p className="muted">{t('common.comingSoon')}</p>
    </Dialog>
  );
}
