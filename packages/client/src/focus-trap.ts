// Keeping Tab inside a modal layer (issue 27): what counts as focusable and how Tab and
// Shift+Tab wrap, one rule for the member app's dialogs and chat panel and the console's
// dialogs. Each app keeps when a layer traps (its stacking, Escape, focus on close).

/** Elements Tab can reach. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([hidden]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** The container's focusable elements, in order (hidden ones left out). */
export function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
}

/**
 * Where focus goes when a layer opens: the element marked `data-autofocus`, else the first
 * match of `first` (default: the first focusable), else the container itself.
 */
export function initialFocusIn(container: HTMLElement, first: string = FOCUSABLE): HTMLElement {
  return (
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    [...container.querySelectorAll<HTMLElement>(first)].find((el) => !el.hidden) ??
    container
  );
}

/**
 * From a keydown inside a modal layer: Tab on the last focusable goes to the first, Shift+Tab
 * on the first (or on the container) to the last; with nothing focusable, focus stays put.
 * Any other key is left alone.
 */
export function wrapTab(
  container: HTMLElement,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
): void {
  if (event.key !== 'Tab') return;
  const items = focusablesIn(container);
  const head = items[0];
  const tail = items[items.length - 1];
  if (!head || !tail) {
    event.preventDefault();
    return;
  }
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === head || active === container)) {
    event.preventDefault();
    tail.focus();
  } else if (!event.shiftKey && active === tail) {
    event.preventDefault();
    head.focus();
  }
}
