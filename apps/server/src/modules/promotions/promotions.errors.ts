import type { FailureDetails } from '../../lib/domain-error';
import { DomainError } from '../../lib/domain-error';

// HTTP status of each code the promotions module answers (decision 0071). Every refusal of
// a call is below 500, so a retried call gets the same answer.
const status = {
  /** No such bonus, or it is switched off; nothing to end. */
  NO_DATA: 404,
  BONUS_ALREADY_ACTIVE: 409,
  BONUS_MAX_CLAIMED: 409,
  BONUS_CONDITION: 400,
  /**
   * A deposit while a bonus or promotion grant is open; a claim while another grant is open;
   * a withdrawal of promotion money, or one that would forfeit own money unconfirmed (0112).
   */
  BONUS_REMAINING: 409,
  /** What the member holds cannot be read exactly now (decision 0112): try again shortly. */
  GAME_BALANCE_UNAVAILABLE: 409,
  NO_PROMOTION: 404,
  PROMOTION_RECEIVED: 409,
  /** A withdrawal that cannot cover what the open grants take back plus the amount. */
  MONEY_NOT_ENOUGH: 400,
  /** Clear: a game balance did not come back to the wallet at once. */
  TRANSFER_FAIL: 400,
  KEY_INVALID: 400,
} as const;

export type PromotionsErrorCode = keyof typeof status;

export class PromotionsError extends DomainError {
  constructor(code: PromotionsErrorCode, options?: { cause?: unknown; details?: FailureDetails }) {
    super(code, status[code], options);
  }
}
