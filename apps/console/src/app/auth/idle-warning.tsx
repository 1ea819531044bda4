import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/i18n';

interface IdleWarningProps {
  seconds: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** The minute-before warning of the idle timeout: an alert dialog, Escape stays. */
export function IdleWarning({ seconds, onStay, onSignOut }: IdleWarningProps) {
  const { t } = useI18n();
  return (
    <Dialog title={t('idle.title')} role="alertdialog" describedBy="idle-text" onClose={onStay}>
      <p id="idle-text">{t('idle.text', { seconds })}</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onSignOut}>
          {t('idle.signOutNow')}
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={onStay}>
          {t('idle.stay')}
        </button>
      </div>
    </Dialog>
  );
}
