import { DomainError } from '../../lib/domain-error';

const status = {
  EXISTING_USER: 409,
  EXISTING_BANK: 409,
  INVALID_USER_INFO: 400,
  INVALID_BANK: 400,
  BANK_ACCOUNT_NAME_ENG: 400,
  PHONE_NUMBER_REQUIRE_10_DIGIT: 400,
  UNVERIFIED_OTP: 400,
  WRONG_PASSWORD: 400,
  NO_USER: 404,
  /** The SMS gateway refused or failed (a reset password could not be sent). */
  OTP_SEND_FAIL: 502,
} as const;

export type AccountErrorCode = keyof typeof status;

export class AccountError extends DomainError {
  /**
   * `field`: the registration field the refusal is about (decision 0133), answered beside
   * `message` so the form shows it there; a client that reads only `message` loses nothing.
   */
  constructor(
    override readonly code: AccountErrorCode,
    field?: string,
  ) {
    super(code, status[code], field === undefined ? undefined : { details: { field } });
  }
}
