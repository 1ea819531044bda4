import type { GiftLinkRefusalReason } from '@wallet/contract';
import { DomainError } from '../../lib/domain-error';

// Codes and statuses: docs/decisions/0024 (QR), 0025 (gift links).
const status = {
  /** Not a QR gateway bank, or not the member's QR. */
  NO_DATA: 404,
  /** Amount under the bank's minimum, or a member who cannot deposit by QR. */
  QR_FAIL: 400,
  TRUELINK_INVALID: 400,
  TRUELINK_DUPLICATE: 409,
  /** Too many failed gift-link attempts by this member (decision 0025). */
  REQUEST_LIMIT: 429,
  /** The gift issuer could not be reached: nothing happened, try again. */
  INTERNAL_SERVER_ERROR: 503,
  INACTIVE_USER: 403,
} as const;

export type DepositErrorCode = keyof typeof status;

export class DepositError extends DomainError {
  constructor(code: DepositErrorCode) {
    super(code, status[code]);
  }
}

/**
 * A gift link refused with its reason (issue 26): TRUELINK_INVALID, the code the spec's client
 * reads, and `reason` beside it, which our client translates.
 */
export class GiftLinkRefused extends DomainError {
  constructor(reason: GiftLinkRefusalReason) {
    super('TRUELINK_INVALID', status.TRUELINK_INVALID, { details: { reason } });
  }
}

/** A QR that is already paid cannot be cancelled: 409 NO_DATA. */
export class QrAlreadyPaidError extends DomainError {
  constructor() {
    super('NO_DATA', 409);
  }
}

/** Webhook refusals: the gateway sees the status, the log has the details. */
export class WebhookError extends DomainError {
  constructor(code: 'UNAUTHORIZED' | 'KEY_INVALID' | 'NO_DATA', statusCode: number) {
    super(code, statusCode);
  }
}
