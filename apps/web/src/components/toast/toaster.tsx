import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, getToasts, subscribeToasts } from '@/components/toast/toast-store';
import { getToastSlot, subscribeToastSlots } from '@/components/toast/toast-slot';
import { useI18n } from '@/i18n/use-i18n';

/**
 * Renders the toast (one at a time): errors are red alerts, others polite status messages.
 * With a dialog open it shows inside the innermost dialog, between its header and its body;
 * otherwise at the bottom of the screen, above the bottom bar (decision 0057).
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const slot = useSyncExternalStore(subscribeToastSlots, getToastSlot);
  const { t } = useI18n();
  const list = (
    <div className={slot ? 'toaster toaster--dialog' : 'toaster toaster--page'}>
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
  return slot ? createPortal(list, slot) : list;
}
