// The registration state machine of spec section 4, free of React so it can be tested:
// phone -> OTP (only when the OTP setting is on and the phone is not yet verified) ->
// profile (checked by the server) -> bank (submits the registration).
import { limits, type Currency } from '@wallet/contract/client';
import { digitsOnly, isAccountNameAllowed, isValidPhone, joinAccountName } from '@/lib/validators';
import type { RegisterBody } from '@/features/register/api/register';
import type { ValidateAccountBody } from '@/features/register/api/validate-account';

export type RegisterStep = 1 | 2 | 3 | 4;

/** Result of a step's own checks: go on, stop silently (empty field), or show a message. */
export type StepCheck =
  | { ok: true }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'phone10' | 'passwordLength' | 'passwordsDontMatch' | 'englishOnly' };

export interface OtpSendResult {
  otpRef: string;
  otpToken: string;
  code: 'OK' | 'OTP_VERIFIED';
}

export type PhoneOutcome = { step: 2; otpRef: string; otpToken: string } | { step: 3 };

export function checkPhoneStep(phone: string, laoBuild: boolean): StepCheck {
  const digits = digitsOnly(phone);
  if (!digits) return { ok: false, reason: 'empty' };
  if (!isValidPhone(digits, laoBuild)) return { ok: false, reason: 'phone10' };
  return { ok: true };
}

/**
 * After a valid phone: skip the OTP step when the setting is off, or when the send answers
 * OTP_VERIFIED (the phone was verified before); otherwise show it with the reference.
 */
export async function nextAfterPhone(
  phone: string,
  deps: {
    isOtpRequired: () => Promise<boolean>;
    sendOtp: (phoneNumber: string) => Promise<OtpSendResult>;
  },
): Promise<PhoneOutcome> {
  if (!(await deps.isOtpRequired())) return { step: 3 };
  const sent = await deps.sendOtp(phone);
  if (sent.code === 'OTP_VERIFIED') return { step: 3 };
  return { step: 2, otpRef: sent.otpRef, otpToken: sent.otpToken };
}

export interface ProfileFields {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
}

/**
 * Name, phone, password and confirmation are required (silent); the password has the
 * contract's length (an error at the field); password and confirmation must match.
 */
export function checkProfileStep(phone: string, fields: ProfileFields): StepCheck {
  if (!fields.name.trim() || !phone || !fields.password || !fields.confirmPassword) {
    return { ok: false, reason: 'empty' };
  }
  const { length } = fields.password;
  if (length < limits.passwordMinLength || length > limits.passwordMaxLength) {
    return { ok: false, reason: 'passwordLength' };
  }
  if (fields.password !== fields.confirmPassword) {
    return { ok: false, reason: 'passwordsDontMatch' };
  }
  return { ok: true };
}

export interface BankFields {
  bankCode: string;
  accountNo: string;
  firstName: string;
  lastName: string;
  currency: Currency;
}

/** Bank, names and account number are required; KTB/TMB/BBL need an English name. */
export function checkBankStep(fields: BankFields): StepCheck {
  if (
    !fields.bankCode ||
    !fields.firstName.trim() ||
    !fields.lastName.trim() ||
    !digitsOnly(fields.accountNo)
  ) {
    return { ok: false, reason: 'empty' };
  }
  const accountName = joinAccountName(fields.firstName, fields.lastName);
  if (!isAccountNameAllowed(fields.bankCode, accountName)) {
    return { ok: false, reason: 'englishOnly' };
  }
  return { ok: true };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

export function profileBody(phone: string, fields: ProfileFields): ValidateAccountBody {
  return {
    name: fields.name.trim(),
    username: digitsOnly(phone),
    password: fields.password,
    sourceCode: optional(fields.sourceCode),
    inviteCode: optional(fields.inviteCode),
  };
}

/** The registration of spec section 3; currency only on Lao builds. */
export function registrationBody(
  phone: string,
  profile: ProfileFields,
  bank: BankFields,
  laoBuild: boolean,
): RegisterBody {
  return {
    ...profileBody(phone, profile),
    bankCode: bank.bankCode,
    bankAccountName: joinAccountName(bank.firstName, bank.lastName),
    bankAccountNo: digitsOnly(bank.accountNo),
    currency: laoBuild ? bank.currency : undefined,
  };
}
