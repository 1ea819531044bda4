import { DomainError } from '../../lib/domain-error';

const status = {
  OTP_TOKEN_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_CODE_INVALID: 400,
  OTP_BLOCK: 429,
  OTP_SEND_FAIL: 502,
  REQUEST_LIMIT_1MIN: 429,
  PHONE_NUMBER_REQUIRE_10_DIGIT: 400,
  EXISTING_USER: 409,
} as const;

export type OtpErrorCode = keyof typeof status;

export class OtpError extends DomainError {
  constructor(code: OtpErrorCode, options?: { cause?: unknown }) {
    super(code, status[code], options);
  }
}
