import { useRef } from 'react';
import { useFocusTrap } from '@/components/use-focus-trap';
import { useI18n } from '@/i18n/i18n';
import '@/components/dialog.css';

interface IdleWarningProps {
  seconds: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** The minute-before warning of the idle timeout: an alert dialog, Escape stays. */
export function IdleWarning({ seconds, onStay, onSignOut }: IdleWarningProps) {
  const { t } = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onStay);
  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-title"
        aria-describedby="idle-text"
        tabIndex={-1}
      >
        <h2 id="idle-title">{t('idle.title')}</h2>
        <p id="idle-text">{t('idle.text', { seconds })}</p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onSignOut}>
            {t('idle.signOutNow')}
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={onStay}>
            {t('idle.stay')}
          </button>
        </div>
      </div>
    </div>
  );
}
