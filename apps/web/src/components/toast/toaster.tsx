import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, getToasts, subscribeToasts } from '@/components/toast/toast-store';
import { getToastSlots, subscribeToastSlots } from '@/components/toast/toast-slot';
import type { Toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';

/** Where a toast belongs: the innermost still-open dialog it was raised in, or the page (null). */
function homeOf(toast: Toast, open: readonly HTMLElement[]): HTMLElement | null {
  for (let i = toast.raisedIn.length - 1; i >= 0; i -= 1) {
    const slot = toast.raisedIn[i]!;
    if (open.includes(slot)) return slot;
  }
  return null;
}

/**
 * Renders the toast (one at a time): errors are red alerts, others polite status messages.
 * It shows where it was raised: inside that dialog, between its header and its body, or at
 * the bottom of the screen above the bottom bar (decision 0057). When its dialog closes it
 * moves to the dialog or page below; while a dialog opened after it covers its place, it
 * waits unseen, so an earlier action's toast never looks like the new dialog's (0131).
 */
export function Toaster() {
  const allToasts = useSyncExternalStore(subscribeToasts, getToasts);
  const open = useSyncExternalStore(subscribeToastSlots, getToastSlots);
  const top = open[open.length - 1] ?? null;
  const toasts = allToasts.filter((item) => homeOf(item, open) === top);
  const slot = top;
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
