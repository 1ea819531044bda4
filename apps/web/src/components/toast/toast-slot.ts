// Where toasts show while a dialog is open: each open dialog registers a slot between its
// header and its body; the innermost one receives the toast, so a toast never covers a
// dialog's title, close button or form (issue 16, decision 0057).
let slots: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

export function subscribeToastSlots(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The innermost open dialog's slot, or null when no dialog is open. */
export function getToastSlot(): HTMLElement | null {
  return slots[slots.length - 1] ?? null;
}

/** Registers a dialog's slot (innermost last); returns the unregister function. */
export function registerToastSlot(element: HTMLElement): () => void {
  slots = [...slots, element];
  listeners.forEach((listener) => listener());
  return () => {
    slots = slots.filter((slot) => slot !== element);
    listeners.forEach((listener) => listener());
  };
}
