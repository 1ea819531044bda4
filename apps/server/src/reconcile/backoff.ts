// The one backoff of every reconcile flow (decision 0061).
import type { BackoffPolicy } from './flow';

/**
 * How long to wait after the `attempts`-th take of an item: base * 2^(attempts-1), capped at
 * maxMs (and never below baseMs before jitter), shortened by up to `jitter` at random.
 */
export function backoffMs(
  policy: BackoffPolicy,
  attempts: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(0, attempts - 1), 30);
  const capped = Math.min(policy.baseMs * 2 ** exponent, Math.max(policy.maxMs, policy.baseMs));
  const jitter = Math.min(Math.max(policy.jitter ?? 0, 0), 1);
  return Math.round(capped * (1 - jitter * random()));
}
