import { DomainError } from '../../lib/domain-error';

const status = {
  NO_USER: 404,
  MONEY_NOT_ENOUGH: 400,
  /**
   * No such adjustment request (404), or a key taken by another request (409). Deciding one
   * decided already or your own is the approval kernel's refusal (src/approvals).
   */
  NO_DATA: 404,
} as const;

export type AdjustmentErrorCode = keyof typeof status;

export class AdjustmentError extends DomainError {
  constructor(code: AdjustmentErrorCode, statusOverride?: number) {
    super(code, statusOverride ?? status[code]);
  }
}
