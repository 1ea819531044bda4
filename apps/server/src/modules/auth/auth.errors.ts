import { DomainError } from '../../lib/domain-error';

const status = {
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  INVALID_USER_1: 401,
  WRONG_CREDENTIAL: 401,
  WRONG_PASSWORD: 400,
  INACTIVE_USER: 403,
  REQUEST_LIMIT: 429,
} as const;

export type AuthErrorCode = keyof typeof status;

export class AuthError extends DomainError {
  constructor(code: AuthErrorCode, statusOverride?: number) {
    super(code, statusOverride ?? status[code]);
  }
}

/** A valid token of the wrong kind (member token on an operator route, or the reverse). */
export const forbidden = () => new AuthError('UNAUTHORIZED', 403);
