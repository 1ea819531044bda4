// Where toasts show while a dialog is open: each open dialog registers a slot between its
// header and its body; a toast shows in the slot of the dialog it was raised in, so it never
// covers a dialog's title, close button or form (issue 16, decision 0057), and never shows in
// a dialog opened after it (issue 26, decision 0131).
let slots: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

export function subscribeToastSlots(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every open dialog's slot, innermost last (a new array after each change). */
export function getToastSlots(): readonly HTMLElement[] {
  return slots;
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
