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
