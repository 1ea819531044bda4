import { DomainError, type FailureDetails } from '../../lib/domain-error';

const status = {
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  INVALID_USER_1: 401,
  WRONG_CREDENTIAL: 401,
  WRONG_PASSWORD: 400,
  INACTIVE_USER: 403,
  REQUEST_LIMIT: 429,
  // Operator sign-in's second step (decision 0086).
  OTP_CODE_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOKEN_INVALID: 400,
  // An operator's new password (decision 0117): missing, or the one it replaces.
  KEY_MISSING: 400,
  KEY_INVALID: 400,
} as const;

export type AuthErrorCode = keyof typeof status;

export class AuthError extends DomainError {
  constructor(code: AuthErrorCode, statusOverride?: number, details?: FailureDetails) {
    super(code, statusOverride ?? status[code], details ? { details } : undefined);
  }
}

/** A sign-in lock: 429 REQUEST_LIMIT with the seconds left (decision 0050). */
export const lockedOut = (lockedUntil: string, now: Date) =>
  new AuthError('REQUEST_LIMIT', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / 1000)),
  });

/** A valid token of the wrong kind (member token on an operator route, or the reverse). */
export const forbidden = () => new AuthError('UNAUTHORIZED', 403);
