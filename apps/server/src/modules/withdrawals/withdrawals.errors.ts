import { DomainError } from '../../lib/domain-error';

// Codes and statuses: docs/decisions/0017-withdrawals.md and 0018.
const status = {
  /** Outside withdrawMin..withdrawMax (the web client checks first and shows the bounds). */
  KEY_INVALID: 400,
  INACTIVE_USER: 403,
  NO_USER: 404,
  /** The payout rail refused the payout for good; the money is back in the wallet. */
  TRANSFER_FAIL: 400,
  /** No withdrawal with that reference. */
  NO_DATA: 404,
  /** A rejection without its reason (decision 0090). */
  KEY_MISSING: 400,
  /**
   * Approving the withdrawal of a member whose payout account you asked for, or whose wallet
   * you adjusted lately (decision 0116): another operator approves.
   */
  UNAUTHORIZED: 403,
} as const;

export type WithdrawalErrorCode = keyof typeof status;

export class WithdrawalError extends DomainError {
  constructor(code: WithdrawalErrorCode) {
    super(code, status[code]);
  }
}

/** An operator decided a withdrawal that is no longer waiting (decided before): 409 NO_DATA. */
export class AlreadyDecidedError extends DomainError {
  constructor() {
    super('NO_DATA', 409);
  }
}

/**
 * A payout retry for a withdrawal that is not paying (waiting, rejected, or settled): 409
 * NO_DATA, "no paying withdrawal with that id" (decision 0090).
 */
export class NotPayingError extends DomainError {
  constructor() {
    super('NO_DATA', 409);
  }
}
