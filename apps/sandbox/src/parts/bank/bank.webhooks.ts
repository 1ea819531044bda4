// Webhook delivery of the QR gateway: `charge.paid` is POSTed to the charge's callbackUrl,
// signed like Stripe/Omise do (HMAC-SHA256 over `timestamp.rawBody`), at least once:
// retried until a 2xx with a doubling backoff, then given up. Every attempt is in a
// bounded delivery log testers read. Decision: docs/decisions/0022-sandbox-qr-gateway-and-webhooks.md.

import { createHmac } from 'node:crypto';
import { randomAlnum } from '../../lib/ids.js';
import type { Charge } from './bank-qr.store.js';

export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export interface ChargePaidEvent {
  event: 'charge.paid';
  gateway: string;
  chargeId: string;
  merchantRef: string;
  txnId: string;
  amount: number;
  paidAt: string;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface Delivery {
  deliveryId: string;
  gateway: string;
  chargeId: string;
  merchantRef: string;
  txnId: string;
  callbackUrl: string;
  /** Why it was sent: the payment itself, or a tester's redelivery. */
  reason: 'paid' | 'redeliver';
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  /** HTTP status of the last attempt, null when it got no answer. */
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface WebhookOptions {
  secret: string;
  now?: () => Date;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** First retry delay; each next one doubles. */
  baseDelayMs?: number;
  maxAttempts?: number;
  /** Per attempt. */
  timeoutMs?: number;
  /** Deliveries kept in the log (newest). */
  logSize?: number;
}

export function chargePaidEvent(charge: Charge): ChargePaidEvent {
  return {
    event: 'charge.paid',
    gateway: charge.gateway,
    chargeId: charge.chargeId,
    merchantRef: charge.merchantRef,
    txnId: charge.txnId ?? '',
    amount: charge.amount,
    paidAt: charge.paidAt ?? '',
  };
}

/** Lower-case hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`), as the receiver recomputes it. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export class WebhookDispatcher {
  private readonly now: () => Date;
  private readonly fetcher: typeof fetch;
  readonly baseDelayMs: number;
  readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly logSize: number;
  /** Oldest first. */
  private readonly log = new Map<string, Delivery>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookOptions) {
    this.now = options.now ?? (() => new Date());
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.logSize = options.logSize ?? 10_000;
  }

  /**
   * Starts delivering `event` to `callbackUrl`. Answers the log entry at once and a promise
   * of it after the first attempt (the redeliver route waits for that).
   */
  deliver(
    callbackUrl: string,
    event: ChargePaidEvent,
    reason: Delivery['reason'] = 'paid',
  ): { delivery: Delivery; firstAttempt: Promise<Delivery> } {
    const delivery: Delivery = {
      deliveryId: `whd_${randomAlnum(20)}`,
      gateway: event.gateway,
      chargeId: event.chargeId,
      merchantRef: event.merchantRef,
      txnId: event.txnId,
      callbackUrl,
      reason,
      status: 'PENDING',
      attempts: 0,
      maxAttempts: this.maxAttempts,
      lastStatusCode: null,
      lastError: null,
      createdAt: this.now().toISOString(),
      lastAttemptAt: null,
      nextAttemptAt: null,
      deliveredAt: null,
    };
    this.log.set(delivery.deliveryId, delivery);
    while (this.log.size > this.logSize) this.log.delete(this.log.keys().next().value!);
    const body = JSON.stringify(event);
    return { delivery, firstAttempt: this.attempt(delivery, body).then(() => delivery) };
  }

  /** Newest first. */
  list(filter: { limit: number; chargeId?: string; status?: DeliveryStatus }): Delivery[] {
    const all = [...this.log.values()];
    const out: Delivery[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < filter.limit; i -= 1) {
      const delivery = all[i]!;
      if (filter.chargeId !== undefined && delivery.chargeId !== filter.chargeId) continue;
      if (filter.status !== undefined && delivery.status !== filter.status) continue;
      out.push(delivery);
    }
    return out;
  }

  /** Cancels pending retries and in-flight attempts (app close). */
  stop(): void {
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(delivery: Delivery, body: string): Promise<void> {
    if (this.stopping.signal.aborted) return;
    delivery.attempts += 1;
    delivery.lastAttemptAt = this.now().toISOString();
    delivery.nextAttemptAt = null;
    // Signed per attempt, so a retry carries a fresh timestamp inside the receiver's window.
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    try {
      const res = await this.fetcher(delivery.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'wallet-sandbox-webhooks/1',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signWebhook(this.options.secret, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopping.signal]),
      });
      delivery.lastStatusCode = res.status;
      delivery.lastError = null;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) {
        delivery.status = 'DELIVERED';
        delivery.deliveredAt = this.now().toISOString();
        return;
      }
    } catch (error) {
      delivery.lastStatusCode = null;
      delivery.lastError = error instanceof Error ? error.message : String(error);
    }
    if (delivery.attempts >= delivery.maxAttempts || this.stopping.signal.aborted) {
      delivery.status = 'FAILED';
      return;
    }
    const delay = this.baseDelayMs * 2 ** (delivery.attempts - 1);
    delivery.nextAttemptAt = new Date(this.now().getTime() + delay).toISOString();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery, body);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
