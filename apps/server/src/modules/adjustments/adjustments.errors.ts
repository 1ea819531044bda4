import { DomainError } from '../../lib/domain-error';

const status = {
  NO_USER: 404,
  MONEY_NOT_ENOUGH: 400,
} as const;

export type AdjustmentErrorCode = keyof typeof status;

export class AdjustmentError extends DomainError {
  constructor(code: AdjustmentErrorCode) {
    super(code, status[code]);
  }
}
