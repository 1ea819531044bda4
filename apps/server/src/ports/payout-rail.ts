// The outside world's payout rail (architecture.md "ports"): sends money from the operator's
// bank account to a member's. Every call carries our own unique reference, and a rail pays
// a reference at most once, so a re-send after an unknown outcome is always safe.

export interface PayoutRequest {
  /** Our withdrawal reference; the rail pays each reference at most once. */
  ref: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  /** Integer satang, > 0. */
  amount: number;
}

/**
 * What a payout call told us:
 * - paid: the money left; settle the withdrawal;
 * - rejected: definitely not paid and never will be under this reference (e.g. the bank
 *   refused the account); return the money to the wallet;
 * - unknown: anything else (timeout, 5xx, lost connection, a conflict we did not expect):
 *   the payout may or may not have happened; never refund on this, ask again later.
 */
export type PayoutOutcome =
  | { kind: 'paid'; paidAt: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'unknown'; reason: string };

/** What the rail knows about a reference: paid, never seen (safe to re-send), or no answer. */
export type PayoutStatus =
  { kind: 'paid'; paidAt: string } | { kind: 'not_found' } | { kind: 'unknown'; reason: string };

export interface PayoutRail {
  /** Never throws: every failure is an outcome. */
  pay(request: PayoutRequest): Promise<PayoutOutcome>;
  /** Never throws: a failed query is `unknown`. */
  status(ref: string): Promise<PayoutStatus>;
}
