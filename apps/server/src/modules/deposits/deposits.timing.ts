// The reconcile timing both deposit flows share (QR charges and gift-link redemptions; decision
// 0061): how long a request's own outside call may run before the reconciler steps in, and the
// backoff after a call with no usable answer.
import type { AppDeps } from '../../deps';
import { MINUTE_MS } from '../../lib/clock';
import type { BackoffPolicy } from '../../reconcile';

type TimingDeps = Pick<AppDeps, 'config'>;

/** How long a request's gateway or issuer call may still be running. */
export const inFlightMs = (deps: TimingDeps) => deps.config.deposits.gatewayTimeoutMs * 2;

export const depositBackoff = (deps: TimingDeps): BackoffPolicy => ({
  baseMs: deps.config.deposits.reconcileIntervalMs,
  maxMs: 15 * MINUTE_MS,
  jitter: 0.2,
});
