import type { FailureDetails } from '../../lib/domain-error';
import { DomainError } from '../../lib/domain-error';

// HTTP status of each code the protection module answers (issue 28, decision 0139). A
// refusal is 403 while it lasts (the member may not do this now) and carries `retryAt`.
const status = {
  DEPOSIT_LIMIT_REACHED: 403,
  LOSS_LIMIT_REACHED: 403,
  TIME_OUT_ACTIVE: 403,
  SELF_EXCLUDED: 403,
  LIMIT_COOLING_OFF: 409,
  PROTECTION_ALREADY_LONGER: 409,
  /** No such member (operator routes), or no pending change to confirm. */
  NO_DATA: 404,
  NO_USER: 404,
} as const;

export type ProtectionErrorCode = keyof typeof status;

export class ProtectionError extends DomainError {
  constructor(code: ProtectionErrorCode, options?: { cause?: unknown; details?: FailureDetails }) {
    super(code, status[code], options);
  }
}
