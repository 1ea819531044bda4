// The outside world's QR payment gateways (architecture.md "ports"): KBANK, WW and PAYTIMZ
// each issue PromptPay bill-payment QRs for our deposit references and tell us when one is
// paid (a signed webhook, see modules/deposits). One port serves every gateway: each call
// names the gateway, exactly as the gateways' own API paths do.
import type { QrGatewayCode } from '@wallet/contract';

export interface QrChargeRequest {
  /** Our deposit reference (`[A-Z0-9]{6,20}`), unique per gateway; the QR's ref1. */
  merchantRef: string;
  /** Integer satang, > 0. */
  amount: number;
  /** ISO time after which the gateway refuses to take the payment. */
  expiresAt: string;
  /** Where the gateway posts the signed `charge.paid` webhook. */
  callbackUrl: string;
}

export interface QrCharge {
  chargeId: string;
  merchantRef: string;
  /** The EMVCo (PromptPay) payload the member's banking app scans. */
  payload: string;
  amount: number;
  expiresAt: string;
}

/**
 * - created: the charge exists (a repeat of the same reference and amount answers the
 *   same charge);
 * - refused: the gateway answered and definitely made no charge (bad request, conflict);
 * - unknown: timeout, 5xx, no answer: a charge may or may not exist under our reference.
 */
export type QrCreateOutcome =
  | { kind: 'created'; charge: QrCharge }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; reason: string };

/** What the gateway knows about a charge. `unknown` when it could not be asked. */
export type QrChargeStatus =
  | { kind: 'open' }
  | { kind: 'paid'; txnId: string; amount: number; paidAt: string }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

/** A cancel either took effect, was too late (already paid), or has no known outcome. */
export type QrCancelOutcome =
  | { kind: 'cancelled' }
  | { kind: 'paid' }
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

export interface QrGateway {
  /** Never throws: every failure is an outcome. */
  createCharge(gateway: QrGatewayCode, request: QrChargeRequest): Promise<QrCreateOutcome>;
  /** Never throws. */
  chargeStatus(gateway: QrGatewayCode, chargeId: string): Promise<QrChargeStatus>;
  /** Never throws. */
  cancelCharge(gateway: QrGatewayCode, chargeId: string): Promise<QrCancelOutcome>;
}
