import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';

/** Renders the toasts: errors are red alerts, others polite status messages. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const { t } = useI18n();
  return (
    <div className="toaster">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={item.kind}
        >
          <span className="toast__text">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('common.dismiss')}
            onClick={() => dismissToast(item.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
