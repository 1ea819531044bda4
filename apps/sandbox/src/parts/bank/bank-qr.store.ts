// The bank as a QR (PromptPay bill payment) gateway for KBANK, WW and PAYTIMZ. A charge is
// created by the wallet server, paid once by a member's banking app scanning its payload,
// and reported back by a webhook (webhooks.ts). Every method is synchronous, so "paid at
// most once" holds under concurrency. Amounts are integer satang.
// Decision: docs/decisions/0022-sandbox-qr-gateway-and-webhooks.md.

import { bahtToSatang, hasAtMostTwoDecimals, qrGatewayCodes, satangToBaht } from '@wallet/contract';
import type { QrGatewayCode } from '@wallet/contract';
import { billPayment } from 'promptparse/generate';
import { validate } from 'promptparse';
import { randomAlnum } from '../../lib/ids.js';

/**
 * Fixed PromptPay biller ids (13-digit tax id + 2-digit suffix) per gateway. KBANK's is the
 * bank's real tax id; WW and PAYTIMZ are made up. A payload naming another biller is not ours.
 */
export const qrBillerIds: Record<QrGatewayCode, string> = {
  KBANK: '010753600031501',
  WW: '099400000110101',
  PAYTIMZ: '099400000220201',
};

export function isQrGateway(code: string): code is QrGatewayCode {
  return (qrGatewayCodes as string[]).includes(code);
}

export type ChargeStatus = 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export interface ChargeRequest {
  gateway: QrGatewayCode;
  merchantRef: string;
  amount: number;
  expiresAt: string;
  callbackUrl: string;
}

interface ChargeRecord extends ChargeRequest {
  chargeId: string;
  payload: string;
  /** EXPIRED is never stored: it is OPEN past expiresAt (see `view`). */
  state: 'OPEN' | 'PAID' | 'CANCELLED';
  txnId: string | null;
  paidAt: string | null;
  createdAt: string;
}

/** A charge as the API answers it. */
export interface Charge extends ChargeRequest {
  chargeId: string;
  payload: string;
  status: ChargeStatus;
  txnId: string | null;
  paidAt: string | null;
  createdAt: string;
}

export type CreateChargeResult =
  { type: 'created' | 'replayed'; charge: Charge } | { type: 'conflict' } | { type: 'capacity' };

export type CancelChargeResult =
  { type: 'cancelled'; charge: Charge } | { type: 'paid' } | { type: 'unknown' };

export type PayResult =
  | { type: 'paid'; charge: Charge }
  | { type: 'invalid' | 'unknown' | 'already_paid' | 'cancelled' | 'expired' };

export interface QrCapacity {
  charges: number;
  /** A closed (paid, cancelled, expired) charge is kept at least this long after creation. */
  retentionMs: number;
}

export const DEFAULT_QR_CAPACITY: QrCapacity = { charges: 100_000, retentionMs: 10 * 60_000 };

export interface QrSnapshot {
  charges: ChargeRecord[];
}

export class QrGatewayStore {
  /** By chargeId, oldest first. */
  private readonly charges = new Map<string, ChargeRecord>();
  /** `${gateway}:${merchantRef}` -> chargeId. */
  private readonly byRef = new Map<string, string>();
  private changes = 0;

  constructor(
    private readonly now: () => Date,
    readonly capacity: QrCapacity = DEFAULT_QR_CAPACITY,
  ) {}

  /** Opens a charge; the same merchantRef and amount again answers the first charge. */
  create(request: ChargeRequest): CreateChargeResult {
    const knownId = this.byRef.get(`${request.gateway}:${request.merchantRef}`);
    const known = knownId === undefined ? undefined : this.charges.get(knownId);
    if (known) {
      return known.amount === request.amount
        ? { type: 'replayed', charge: this.view(known) }
        : { type: 'conflict' };
    }
    if (!this.makeRoom()) return { type: 'capacity' };
    let chargeId = `chg_${randomAlnum(24)}`;
    while (this.charges.has(chargeId)) chargeId = `chg_${randomAlnum(24)}`;
    const record: ChargeRecord = {
      ...request,
      chargeId,
      payload: billPayment({
        billerId: qrBillerIds[request.gateway],
        amount: satangToBaht(request.amount),
        ref1: request.merchantRef,
        ref2: request.gateway,
      }),
      state: 'OPEN',
      txnId: null,
      paidAt: null,
      createdAt: this.now().toISOString(),
    };
    this.charges.set(chargeId, record);
    this.byRef.set(`${request.gateway}:${request.merchantRef}`, chargeId);
    this.changes += 1;
    return { type: 'created', charge: this.view(record) };
  }

  get(gateway: string, chargeId: string): Charge | undefined {
    const record = this.charges.get(chargeId);
    return record && record.gateway === gateway ? this.view(record) : undefined;
  }

  getById(chargeId: string): Charge | undefined {
    const record = this.charges.get(chargeId);
    return record && this.view(record);
  }

  /** Cancelling twice (or an expired charge) is fine; a paid charge stays paid. */
  cancel(gateway: string, chargeId: string): CancelChargeResult {
    const record = this.charges.get(chargeId);
    if (!record || record.gateway !== gateway) return { type: 'unknown' };
    if (record.state === 'PAID') return { type: 'paid' };
    record.state = 'CANCELLED';
    this.changes += 1;
    return { type: 'cancelled', charge: this.view(record) };
  }

  /**
   * What a banking app does after scanning: read the PromptPay bill payment (CRC checked),
   * find the charge by biller and ref1, and pay it if it is still open. The payload's amount
   * must be the charge's own (a re-signed, altered payload is refused).
   */
  payByPayload(payload: string): PayResult {
    const bill = validate.billPayment(payload.trim());
    if (!bill || bill.amount === undefined || !hasAtMostTwoDecimals(bill.amount)) {
      return { type: 'invalid' };
    }
    const gateway = qrGatewayCodes.find((code) => qrBillerIds[code] === bill.billerId);
    if (!gateway || (bill.ref2 !== undefined && bill.ref2 !== gateway)) return { type: 'unknown' };
    const chargeId = this.byRef.get(`${gateway}:${bill.ref1}`);
    const record = chargeId === undefined ? undefined : this.charges.get(chargeId);
    if (!record) return { type: 'unknown' };
    if (bahtToSatang(bill.amount) !== record.amount) return { type: 'invalid' };
    const status = this.view(record).status;
    if (status === 'PAID') return { type: 'already_paid' };
    if (status === 'CANCELLED') return { type: 'cancelled' };
    if (status === 'EXPIRED') return { type: 'expired' };
    record.state = 'PAID';
    record.txnId = `TXN${randomAlnum(21, 'upper')}`;
    record.paidAt = this.now().toISOString();
    this.changes += 1;
    return { type: 'paid', charge: this.view(record) };
  }

  /** Newest first. */
  list(filter: { limit: number; status?: ChargeStatus; gateway?: string }): Charge[] {
    const all = [...this.charges.values()];
    const out: Charge[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < filter.limit; i -= 1) {
      const charge = this.view(all[i]!);
      if (filter.status !== undefined && charge.status !== filter.status) continue;
      if (filter.gateway !== undefined && charge.gateway !== filter.gateway) continue;
      out.push(charge);
    }
    return out;
  }

  get size(): number {
    return this.charges.size;
  }

  private view(record: ChargeRecord): Charge {
    const { state, ...rest } = record;
    const expired = state === 'OPEN' && this.now().getTime() >= Date.parse(record.expiresAt);
    return { ...rest, status: expired ? 'EXPIRED' : state };
  }

  /** Drops the oldest charge when it is closed and past retention; an open one is kept. */
  private makeRoom(): boolean {
    if (this.charges.size < this.capacity.charges) return true;
    const oldest = this.charges.values().next().value!;
    const age = this.now().getTime() - Date.parse(oldest.createdAt);
    if (this.view(oldest).status === 'OPEN' || age < this.capacity.retentionMs) return false;
    this.charges.delete(oldest.chargeId);
    this.byRef.delete(`${oldest.gateway}:${oldest.merchantRef}`);
    return true;
  }

  /** Grows with every change a snapshot would show (decision 0126). */
  get revision(): number {
    return this.changes;
  }

  snapshot(): QrSnapshot {
    return structuredClone({ charges: [...this.charges.values()] });
  }

  restore(snapshot: QrSnapshot): void {
    for (const record of structuredClone(snapshot.charges)) {
      this.charges.set(record.chargeId, record);
      this.byRef.set(`${record.gateway}:${record.merchantRef}`, record.chargeId);
    }
  }
}
