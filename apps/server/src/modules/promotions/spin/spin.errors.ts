import { DomainError } from '../../../lib/domain-error';

// Codes of the rule book (decision 0071, "Coins and the spin wheel") and their statuses.
const status = {
  /** No active wheel to spin; a coupon the member does not have. */
  INVALID_CODE: 404,
  /** No coin left (the page never sends the spin); an unknown wheel or slice (operator). */
  NO_DATA: 409,
  NO_CLAIMABLE_COUPON: 409,
  COUPON_EXPIRED: 409,
  /** A bonus or promotion grant is open: coupons wait until it ends. */
  BONUS_REMAINING: 409,
  /** Operator input the schema cannot check: a slice code taken, too many slices. */
  KEY_INVALID: 400,
} as const;

export type SpinErrorCode = keyof typeof status;

export class SpinError extends DomainError {
  constructor(code: SpinErrorCode, field?: string) {
    super(code, status[code], field ? { details: { field } } : undefined);
  }
}
