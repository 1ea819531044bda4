import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { initialFocusIn, wrapTab } from '@wallet/client/focus-trap';
import { CloseIcon } from '@/components/icons';
import { registerToastSlot } from '@/components/toast/toast-slot';
import { useBackLayer } from '@/hooks/use-back-layer';
import { useI18n } from '@/i18n/use-i18n';
import { lockScroll } from '@/lib/scroll-lock';

/** Open dialogs, innermost last: only the top one answers Escape and traps Tab. */
const openDialogs: symbol[] = [];

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  footer?: ReactNode;
  /** alertdialog for messages that need an answer (success / error alerts). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * Focus goes back where it was before the dialog opened. When that was nothing (the page
 * itself, or a dialog that opened by itself) or is gone, it goes to the page's main landmark
 * rather than to whatever control comes first. The browser decides whether it shows a ring
 * (:focus-visible: after keys, not after a tap or a click).
 */
function restoreFocus(previous: HTMLElement | null): void {
  if (previous && previous !== document.body && previous.isConnected) {
    previous.focus();
    if (document.activeElement === previous) return;
  }
  // Another dialog still open keeps focus inside it.
  if (openDialogs.length > 0) return;
  const main = document.getElementById('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** Whether the element's content is taller than the element (watched as both change size). */
function useScrollable(ref: RefObject<HTMLElement | null>): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    // The body's own size (the screen) and its content (terms, a log arriving later).
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    measure();
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return scrollable;
}

/**
 * A modal dialog: focus moves in and is restored on close, Tab stays inside, Escape, the
 * backdrop and Back (browser or Android: a history entry while open, lib/back-layers.ts)
 * close it, and the page behind does not scroll. Render it only while open. A dialog
 * opened from another one (an error alert over the transfer form) stacks: Escape closes
 * only the top one.
 */
export function Dialog({
  title,
  onClose,
  children,
  testId,
  footer,
  role = 'dialog',
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const toastSlotRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(bodyRef);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const { t } = useI18n();

  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  // Back (browser or Android) closes the top dialog, not the page (lib/back-layers.ts).
  useBackLayer(onClose);

  // The slot is registered as the dialog is committed, before any useEffect runs, so a toast
  // raised by an effect of the render that opened it shows in it (decision 0131: 'Refund
  // received' in the confirm). A plain effect is not enough on Preact: its effects run a frame
  // later, in the order the components were queued, and a parent that rendered again in the
  // meantime keeps its earlier place, so its new effect runs before this (child) dialog's.
  useLayoutEffect(() => {
    const slot = toastSlotRef.current;
    return slot ? registerToastSlot(slot) : undefined;
  }, []);

  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const release = lockScroll();
    const self = Symbol('dialog');
    openDialogs.push(self);
    const panel = panelRef.current;
    if (panel) initialFocusIn(panel, 'input:not([disabled]), select:not([disabled])').focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (panel) wrapTab(panel, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      release();
      restoreFocus(previous);
    };
  }, []);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`dialog${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {/* Toasts raised while this is the innermost dialog show here (decision 0057). */}
        <div ref={toastSlotRef} className="dialog__toast-slot" />
        <div
          ref={bodyRef}
          className="dialog__body"
          // A body taller than the screen (long terms, a log) scrolls by keyboard too.
          {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          {children}
        </div>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
