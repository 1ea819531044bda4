// The outside world's gift-link issuer (a TrueMoney-like wallet, architecture.md "ports"):
// a member's gift voucher is looked up, then redeemed into the operator's receiving wallet.
// The issuer redeems a voucher exactly once; we credit a voucher exactly once
// (modules/deposits, UNIQUE voucher hash).

export interface GiftVoucher {
  hash: string;
  /** Integer satang. */
  amount: number;
  /** The phone number of the wallet that created the voucher. */
  ownerMobile: string;
  status: 'active' | 'redeemed' | 'expired';
  expiresAt: string;
}

export type GiftVoucherLookup =
  | { kind: 'found'; voucher: GiftVoucher }
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

/**
 * - redeemed: the money is in the receiving wallet (credit it);
 * - already_redeemed: somebody redeemed it before (out of stock);
 * - invalid: definitely not redeemed and never will be for this call (unknown voucher,
 *   expired, the receiver is the owner);
 * - unknown: timeout, 5xx, no answer: it may have been redeemed; ask again later.
 */
export type GiftRedeemOutcome =
  | { kind: 'redeemed'; amount: number; ownerMobile: string; redeemedAt: string }
  | { kind: 'already_redeemed' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'unknown'; reason: string };

export interface GiftLinkRedeemer {
  /** Never throws. */
  lookup(hash: string): Promise<GiftVoucherLookup>;
  /** Never throws. `receiverMobile` is the operator's receiving wallet. */
  redeem(hash: string, receiverMobile: string): Promise<GiftRedeemOutcome>;
}
