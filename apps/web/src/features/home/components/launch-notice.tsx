import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';

/** The notice shown before a PGSLOT launch (VITE_PGSLOT_NOTICE): Cancel or Continue. */
export function LaunchNotice({
  text,
  onCancel,
  onContinue,
}: {
  text: string;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { t } = useI18n();
  return (
    <div
      className="launch-notice"
      role="group"
      aria-labelledby="launch-notice-title"
      data-testid="launch-notice"
    >
      <p className="launch-notice__title" id="launch-notice-title">
        {t('slotAccount.noticeTitle')}
      </p>
      <p>{text}</p>
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button data-autofocus onClick={onContinue}>
          {t('slotAccount.continue')}
        </Button>
      </div>
    </div>
  );
}
