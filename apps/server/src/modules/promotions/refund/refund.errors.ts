import { DomainError } from '../../../lib/domain-error';

// The refund's refusals (decision 0071), and GAME_BALANCE_UNAVAILABLE when a provider's bet
// report, which caps the net loss, cannot be read (decision 0074; issue 26: it said
// TRANSFER_FAIL, "transfer failed, money returned", though no transfer was made): the member
// tries again later.
const status = {
  REFUND_INACTIVE: 400,
  REFUND_CONDITION: 400,
  NO_REFUND: 400,
  REFUND_MINIMUM: 400,
  GAME_BALANCE_UNAVAILABLE: 503,
} as const;

export type RefundErrorCode = keyof typeof status;

export class RefundError extends DomainError {
  constructor(code: RefundErrorCode, options?: { cause?: unknown }) {
    super(code, status[code], options);
  }
}
