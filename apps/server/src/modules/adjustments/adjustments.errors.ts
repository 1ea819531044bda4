import { DomainError } from '../../lib/domain-error';

const status = {
  NO_USER: 404,
  MONEY_NOT_ENOUGH: 400,
  /** No such adjustment request (404), or it was decided already (409): decision 0089. */
  NO_DATA: 404,
  /** Deciding your own adjustment request (four eyes, decision 0089). */
  UNAUTHORIZED: 403,
} as const;

export type AdjustmentErrorCode = keyof typeof status;

export class AdjustmentError extends DomainError {
  constructor(code: AdjustmentErrorCode, statusOverride?: number) {
    super(code, statusOverride ?? status[code]);
  }
}

/** A request already approved or rejected (or decided by someone else a moment ago). */
export const alreadyDecided = () => new AdjustmentError('NO_DATA', 409);
