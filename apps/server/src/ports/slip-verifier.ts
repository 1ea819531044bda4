// The outside world's slip verification (architecture.md "ports"): given the sending bank
// and transaction reference read from a slip's mini-QR, the bank tells what that transfer
// really was. Thai slip-verification services work this way (the bank's Open API); the
// amount and the accounts come from the bank, never from the image or the client.

/** What a slip's mini-QR names (promptparse's slip-verify payload). */
export interface SlipQuery {
  /** 3-digit Thai bank code of the sending bank (004 KBANK, 014 SCB, ...). */
  sendingBank: string;
  transRef: string;
}

export interface SlipParty {
  /** Our bank code (KBANK, SCB, ...). */
  bankCode: string;
  /** The sender's is masked as Thai slips show it (`xxx-x-x4567-x`); the receiver's is full. */
  accountNo: string;
  name: string;
}

export interface VerifiedSlip {
  sendingBank: string;
  transRef: string;
  /** Integer satang. */
  amount: number;
  /** ISO-8601 UTC. */
  transferredAt: string;
  sender: SlipParty;
  receiver: SlipParty;
}

/**
 * - verified: the bank knows the transfer;
 * - not_found: the bank says there is no such transfer (a forged or mistyped slip);
 * - unavailable: no usable answer (timeout, 5xx, network): ask again later.
 */
export type SlipVerification =
  | { kind: 'verified'; slip: VerifiedSlip }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; reason: string };

export interface SlipVerifier {
  /** Never throws: every failure is an outcome. */
  verify(query: SlipQuery): Promise<SlipVerification>;
}
