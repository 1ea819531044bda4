// Toasts live in a tiny module store so that any code (mutations, the API client) can raise one.
import { GONE, limits } from '@wallet/contract/client';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
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
 * Shows a toast for about 4 seconds (spec section 9). Returns its id, or 0 when nothing is
 * shown: an empty message, or the 'gone' code (the API client has already sent the user to
 * the translated /terminated page; the code is not a message for people).
 */
export function showToast(
  kind: ToastKind,
  message: string,
  durationMs: number = limits.toastMs,
): number {
  if (!message.trim() || message === GONE) return 0;
  const id = nextId++;
  // The same message twice in a row replaces the first rather than stacking.
  for (const old of toasts.filter((item) => item.message === message)) dismissToast(old.id);
  toasts = [...toasts, { id, kind, message }];
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
