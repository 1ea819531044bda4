import { useEffect, useRef, type RefObject } from 'react';
import { initialFocusIn, wrapTab } from '@wallet/client/focus-trap';

/**
 * While `active`: focus moves into the container (its first field, or the container), Tab
 * and Shift+Tab cycle inside it (the shared rule of `@wallet/client/focus-trap`), Escape
 * calls `onEscape`; afterwards focus returns to what had it before.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape?: () => void,
): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const node = container.current;
    if (!node) return;
    const before = document.activeElement as HTMLElement | null;
    initialFocusIn(node).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && escape.current) {
        event.preventDefault();
        event.stopPropagation();
        escape.current();
        return;
      }
      wrapTab(node, event);
    };
    node.addEventListener('keydown', onKey);
    return () => {
      node.removeEventListener('keydown', onKey);
      if (before && document.contains(before)) before.focus();
    };
  }, [container, active]);
}
