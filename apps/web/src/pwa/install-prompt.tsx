// The install offer on the home and the profile (decision 0151): Chromium's install button
// (its kept `beforeinstallprompt`), or on an iPhone a two-step 'Add to Home Screen' guide.
// Dismissed is remembered in this browser; installing counts as dismissed.
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/button';
import { storageKeys } from '@/config/storage-keys';
import { useI18n } from '@/i18n/use-i18n';
import { readItem, writeItem } from '@/lib/storage';
import { appVisits, forgetInstallEvent, installEvent, onInstallEvent } from '@/pwa/install-capture';
import { installOffer } from '@/pwa/install-offer';
import './install-prompt.css';

function standalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function InstallPrompt() {
  const { t } = useI18n();
  const event = useSyncExternalStore(onInstallEvent, installEvent);
  const [dismissed, setDismissed] = useState(
    () => readItem('local', storageKeys.installDismissed) !== null,
  );
  const offer = installOffer({
    visits: appVisits(),
    dismissed,
    standalone: standalone(),
    hasInstallEvent: event !== null,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
  if (!offer) return null;
  const dismiss = (value = 'dismissed') => {
    writeItem('local', storageKeys.installDismissed, value);
    setDismissed(true);
  };
  const install = async () => {
    if (!event) return;
    forgetInstallEvent();
    await event.prompt();
    const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
    // Either way the member has answered Chromium's own dialog: do not ask again.
    dismiss(choice.outcome === 'accepted' ? 'installed' : 'dismissed');
  };
  return (
    <section
      className="install-offer"
      aria-label={t('install.region')}
      data-testid="install-offer"
      data-offer={offer}
    >
      <img
        className="install-offer__icon"
        src="/brand/icon-192.png"
        alt=""
        width={40}
        height={40}
      />
      <div className="install-offer__text">
        {offer === 'android' ? (
          <>
            <p className="install-offer__title">{t('install.title')}</p>
            <p>{t('install.body')}</p>
          </>
        ) : (
          <>
            <p className="install-offer__title">{t('install.iosTitle')}</p>
            <ol className="install-offer__steps">
              <li>
                {t('install.iosStep1')} <ShareIcon />
              </li>
              <li>{t('install.iosStep2')}</li>
            </ol>
          </>
        )}
        <div className="install-offer__actions">
          {offer === 'android' ? (
            <>
              <Button data-testid="install-button" onClick={() => void install()}>
                {t('install.button')}
              </Button>
              <Button variant="ghost" data-testid="install-dismiss" onClick={() => dismiss()}>
                {t('install.notNow')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" data-testid="install-dismiss" onClick={() => dismiss()}>
              {t('install.gotIt')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Safari's share symbol: a box with an arrow up. */
function ShareIcon() {
  return (
    <svg
      className="install-offer__share"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
