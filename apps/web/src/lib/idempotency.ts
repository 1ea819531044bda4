// Idempotency keys for money calls (decision 0013; reliability.md T1): one key per user
// action, reused when the member retries that same action after an answer that did not
// settle it (no answer, a 5xx, a throttle), so a retried transfer never moves money twice.
// A settled answer (success or a business refusal) ends the action: the next press is a new
// action with a new key, otherwise the server would replay the old refusal forever.
import { ApiError } from '@/lib/api-client';

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const unsettledMessages: ReadonlySet<string> = new Set(['REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN']);

/**
 * True when the failure leaves the outcome unknown or the request unprocessed: no answer
 * (network, timeout), a server error, or a throttle (including a racing duplicate of the
 * same key). Retrying with the same key is then both safe and necessary.
 */
export function isUnsettledFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 429 ||
    unsettledMessages.has(error.message)
  );
}

/** The key of the action in progress, tied to what the action sends (its fingerprint). */
export class ActionKey {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key for an action sending `fingerprint`: the same as last time while unsettled. */
  for(fingerprint: string): string {
    if (this.current?.fingerprint !== fingerprint) {
      this.current = { fingerprint, key: this.generate() };
    }
    return this.current.key;
  }

  /** Call with the outcome: a success or a settled failure starts a new action next time. */
  settle(error?: unknown): void {
    if (error === undefined || !isUnsettledFailure(error)) this.current = null;
  }
}
