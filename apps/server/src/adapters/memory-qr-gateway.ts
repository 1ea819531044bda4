// In-memory QrGateway for tests: one "bank" serving every gateway code, with the sandbox's
// rules (a reference is charged once; the same reference and amount replays the charge; a
// charge is paid at most once, never after it expired or was cancelled). `pay` is what a
// member's banking app does; it returns the webhook event the gateway would deliver, which
// tests sign and post (or drop, to test the reconciler). Faults are switchable.
import { randomBytes } from 'node:crypto';
import type { QrGatewayCode } from '@wallet/contract';
import type {
  QrCancelOutcome,
  QrCharge,
  QrChargeRequest,
  QrChargeStatus,
  QrCreateOutcome,
  QrGateway,
} from '../ports/qr-gateway';

/** down: nothing created, caller sees unknown; lost: created, answer lost; refuse: 400. */
export type QrFault = 'down' | 'lost' | 'refuse';

export interface MemoryCharge extends QrCharge {
  gateway: QrGatewayCode;
  callbackUrl: string;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  txnId: string | null;
  paidAt: string | null;
}

export interface PaidEvent {
  event: 'charge.paid';
  gateway: QrGatewayCode;
  chargeId: string;
  merchantRef: string;
  txnId: string;
  amount: number;
  paidAt: string;
}

export class MemoryQrGateway implements QrGateway {
  readonly charges = new Map<string, MemoryCharge>();
  readonly calls = { create: 0, status: 0, cancel: 0 };
  /** When true, chargeStatus and cancelCharge answer unknown. */
  statusDown = false;
  delayMs = 0;
  private scripted: QrFault[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  failNext(...faults: QrFault[]): void {
    this.scripted.push(...faults);
  }

  reset(): void {
    this.scripted = [];
    this.statusDown = false;
    this.delayMs = 0;
  }

  private async pause(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  byRef(gateway: QrGatewayCode, merchantRef: string): MemoryCharge | undefined {
    for (const c of this.charges.values())
      if (c.gateway === gateway && c.merchantRef === merchantRef) return c;
    return undefined;
  }

  private view(c: MemoryCharge): 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED' {
    if (c.status === 'OPEN' && this.now().toISOString() >= c.expiresAt) return 'EXPIRED';
    return c.status;
  }

  async createCharge(gateway: QrGatewayCode, request: QrChargeRequest): Promise<QrCreateOutcome> {
    this.calls.create++;
    await this.pause();
    const fault = this.scripted.shift();
    if (fault === 'down') return { kind: 'unknown', reason: 'memory gateway down' };
    if (fault === 'refuse') return { kind: 'refused', reason: 'INVALID_BODY' };
    const existing = this.byRef(gateway, request.merchantRef);
    if (existing && existing.amount !== request.amount)
      return { kind: 'refused', reason: 'REF_CONFLICT' };
    const charge: MemoryCharge = existing ?? {
      gateway,
      chargeId: `ch_${randomBytes(8).toString('hex')}`,
      merchantRef: request.merchantRef,
      payload: `MEMORYPAY|${gateway}|${request.merchantRef}|${request.amount}`,
      amount: request.amount,
      expiresAt: request.expiresAt,
      callbackUrl: request.callbackUrl,
      status: 'OPEN',
      txnId: null,
      paidAt: null,
    };
    this.charges.set(charge.chargeId, charge);
    if (fault === 'lost') return { kind: 'unknown', reason: 'answer lost' };
    const { chargeId, merchantRef, payload, amount, expiresAt } = charge;
    return { kind: 'created', charge: { chargeId, merchantRef, payload, amount, expiresAt } };
  }

  async chargeStatus(gateway: QrGatewayCode, chargeId: string): Promise<QrChargeStatus> {
    this.calls.status++;
    await this.pause();
    if (this.statusDown) return { kind: 'unknown', reason: 'memory gateway status down' };
    const c = this.charges.get(chargeId);
    if (!c || c.gateway !== gateway) return { kind: 'not_found' };
    const status = this.view(c);
    if (status === 'PAID')
      return { kind: 'paid', txnId: c.txnId!, amount: c.amount, paidAt: c.paidAt! };
    if (status === 'OPEN') return { kind: 'open' };
    return { kind: status === 'CANCELLED' ? 'cancelled' : 'expired' };
  }

  async cancelCharge(gateway: QrGatewayCode, chargeId: string): Promise<QrCancelOutcome> {
    this.calls.cancel++;
    await this.pause();
    if (this.statusDown) return { kind: 'unknown', reason: 'memory gateway down' };
    const c = this.charges.get(chargeId);
    if (!c || c.gateway !== gateway) return { kind: 'not_found' };
    if (c.status === 'PAID') return { kind: 'paid' };
    c.status = 'CANCELLED';
    return { kind: 'cancelled' };
  }

  /**
   * A member pays the charge (by id or by our reference). Throws like the gateway would
   * refuse: unknown, already paid, cancelled, expired. Returns the webhook event.
   */
  pay(gateway: QrGatewayCode, idOrRef: string): PaidEvent {
    const c = this.charges.get(idOrRef) ?? this.byRef(gateway, idOrRef);
    if (!c || c.gateway !== gateway) throw new Error('UNKNOWN_CHARGE');
    const status = this.view(c);
    if (status === 'PAID') throw new Error('ALREADY_PAID');
    if (status !== 'OPEN') throw new Error(status);
    c.status = 'PAID';
    c.txnId = `TXN${randomBytes(8).toString('hex').toUpperCase()}`;
    c.paidAt = this.now().toISOString();
    return this.eventOf(c);
  }

  /** The webhook event of a paid charge (for re-deliveries). */
  eventOf(c: MemoryCharge): PaidEvent {
    if (c.status !== 'PAID' || !c.txnId || !c.paidAt) throw new Error('not paid');
    return {
      event: 'charge.paid',
      gateway: c.gateway,
      chargeId: c.chargeId,
      merchantRef: c.merchantRef,
      txnId: c.txnId,
      amount: c.amount,
      paidAt: c.paidAt,
    };
  }
}
