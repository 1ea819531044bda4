import type { ErrorCode, GiftLinkRefusalReason } from '@wallet/contract';

/** What a failure answers: `{ message: code }` with this HTTP status. */
export type FailureCode = ErrorCode | 'gone';

/**
 * A business failure with its catalogue code. Services throw their module's subclass
 * (`<module>.errors.ts`, which owns the HTTP status of each code); the one error handler
 * turns it into the answer. Services never build HTTP replies themselves.
 */
export class DomainError extends Error {
  /**
   * Fields the answer carries next to `message` (decisions 0050, 0052): `retryAfterSeconds`
   * (also sent as the Retry-After header), `field` (which input field was refused), and the
   * like (`forfeit`, `withdrawable`, a gift link's `reason`).
   */
  readonly details: FailureDetails;

  constructor(
    readonly code: FailureCode,
    readonly statusCode: number,
    options?: { cause?: unknown; details?: FailureDetails },
  ) {
    super(code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = options?.details ?? {};
  }
}

/** What a failure may add to `{ message }`. Clients that read only `message` lose nothing. */
export interface FailureDetails {
  /** Seconds until the same call can succeed (a lock or a limit). */
  retryAfterSeconds?: number;
  /** The request body field the failure is about (a contract field name). */
  field?: string;
  /**
   * Baht of the member's own money a withdrawal would forfeit (decision 0112): the figure its
   * `confirmForfeit` must repeat.
   */
  forfeit?: number;
  /** Baht the member can withdraw now without forfeiting their own money (decision 0112). */
  withdrawable?: number;
  /** Why a gift link is refused, beside TRUELINK_INVALID (contract giftLinkRefusalReasons). */
  reason?: GiftLinkRefusalReason;
  /**
   * Player protection (decision 0139): the ISO time from which the refused call can succeed;
   * null when it never will as asked (an amount above the limit itself).
   */
  retryAt?: string | null;
  /** Player protection: baht that still fit within the limit now. */
  remaining?: number;
}
