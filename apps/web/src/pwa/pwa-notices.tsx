// The service worker's two notices (decision 0150), one lazy chunk with the registration:
// - offline (role=alert): the connection is gone; TanStack Query holds its queries and sends
//   a paused call once when the connection returns (nothing is queued in the worker);
// - update (role=status): a new build's worker is installed and waiting. Reload hands over to
//   it (SKIP_WAITING) and reloads once it controls the page; until then the page keeps the
//   shell it was built with.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import './pwa-notices.css';

/** How often an open app asks whether a new version was deployed (and whenever shown). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let needRefresh = false;
const listeners = new Set<() => void>();
let updateSW: ((reload?: boolean) => Promise<void>) | null = null;

function register(): void {
  if (updateSW) return;
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      needRefresh = true;
      listeners.forEach((listener) => listener());
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}

const subscribeUpdate = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export default function PwaNotices() {
  const { t } = useI18n();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const updateReady = useSyncExternalStore(subscribeUpdate, () => needRefresh);
  const [reloading, setReloading] = useState(false);
  useEffect(register, []);
  return (
    <div className="pwa-notices">
      {online ? null : (
        <p className="pwa-notice pwa-notice--offline" role="alert" data-testid="offline-notice">
          {t('pwa.offline')}
        </p>
      )}
      {updateReady ? (
        <div className="pwa-notice pwa-notice--update" role="status" data-testid="update-notice">
          <span>{t('pwa.updateReady')}</span>
          <Button
            variant="primary"
            pending={reloading}
            data-testid="update-reload"
            onClick={() => {
              setReloading(true);
              void updateSW?.(true);
            }}
          >
            {t('pwa.reload')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
