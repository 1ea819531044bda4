// Toasts live in a tiny module store so that any code (mutations, the API client) can raise one.
// One toast at a time: a new one replaces the one on screen (issue 16, decision 0057), so
// toasts never stack over a form or a dialog.
import { GONE, limits } from '@wallet/contract/client';
import { getToastSlots } from '@/components/toast/toast-slot';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /**
   * The dialogs open when it was raised, innermost last (empty: raised over the page). It
   * shows in the innermost of them still open, or on the page (decision 0131).
   */
  raisedIn: readonly HTMLElement[];
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen (at most one). */
export function getToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/**
 * Shows a toast for about 4 seconds (spec section 9), replacing the one on screen. Returns
 * its id, or 0 when nothing is shown: an empty message, or the 'gone' code (the API client
 * has already sent the user to the translated /terminated page; the code is not a message).
 */
export function showToast(
  kind: ToastKind,
  message: string,
  durationMs: number = limits.toastMs,
): number {
  if (!message.trim() || message === GONE) return 0;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  const id = nextId++;
  toasts = [{ id, kind, message, raisedIn: getToastSlots() }];
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  emit();
  return id;
}

export const toast = {
  error: (message: string) => showToast('error', message),
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
};
