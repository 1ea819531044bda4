// The registration state machine of spec section 4, free of React so it can be tested:
// phone -> OTP (only when the OTP setting is on and the phone is not yet verified) ->
// profile (checked by the server) -> bank (submits the registration).
import {
  bankAccountNameRule,
  bankAccountNoRule,
  isBankAccountNameLength,
  isBankAccountNo,
  isPhoneDigits,
  passwordProblem,
  passwordRule,
  phoneRule,
  profileNameProblem,
  profileNameRule,
  type Currency,
} from '@wallet/contract/client';
import type { MessageKey, MessageParams } from '@/i18n/types';
import { ApiError } from '@/lib/api-client';
import { digitsOnly, isAccountNameAllowed, isValidPhone, joinAccountName } from '@/lib/validators';
import type { RegisterBody } from '@/features/register/api/register';
import type { ValidateAccountBody } from '@/features/register/api/validate-account';

export type RegisterStep = 1 | 2 | 3 | 4;

/** The inputs a message can sit at (step 1's phone, step 3's and step 4's fields). */
export type RegisterField =
  | 'phone'
  | 'name'
  | 'password'
  | 'confirmPassword'
  | 'sourceCode'
  | 'inviteCode'
  | 'bankCode'
  | 'accountNo'
  | 'lastName';

/**
 * Why a field is refused: each has its own message (validation.*), the same whether the web
 * saw it first or the server's answer named the field (decisions 0052, 0133).
 */
export type FieldReason =
  | 'phone10'
  | 'phoneDigits'
  | 'nameLength'
  | 'nameCharacters'
  | 'passwordLength'
  | 'passwordsDontMatch'
  | 'source'
  | 'inviteCode'
  | 'bankCode'
  | 'accountNoDigits'
  | 'accountNameLength'
  | 'englishOnly'
  | 'existingBank';

export interface FieldProblem {
  field: RegisterField;
  reason: FieldReason;
}

/** Result of a step's own checks: go on, stop silently (empty field), or a field's message. */
export type StepCheck =
  { ok: true } | { ok: false; reason: 'empty' } | ({ ok: false } & FieldProblem);

/** The step each field is typed at. */
export const stepOfField: Record<RegisterField, RegisterStep> = {
  phone: 1,
  name: 3,
  password: 3,
  confirmPassword: 3,
  sourceCode: 3,
  inviteCode: 3,
  bankCode: 4,
  accountNo: 4,
  lastName: 4,
};

/** The message of a refused field, with the rule's figures. */
export function fieldMessage(
  reason: FieldReason,
  t: (key: MessageKey, params?: MessageParams) => string,
): string {
  switch (reason) {
    case 'phoneDigits':
      return t('validation.phoneDigits', { min: phoneRule.minDigits, max: phoneRule.maxDigits });
    case 'nameLength':
      return t('validation.nameLength', { max: profileNameRule.maxLength });
    case 'passwordLength':
      return t('validation.passwordLength', {
        min: passwordRule.minLength,
        max: passwordRule.maxLength,
      });
    case 'accountNoDigits':
      return t('validation.accountNoDigits', {
        min: bankAccountNoRule.minDigits,
        max: bankAccountNoRule.maxDigits,
      });
    case 'accountNameLength':
      return t('validation.accountNameLength', {
        min: bankAccountNameRule.minLength,
        max: bankAccountNameRule.maxLength,
      });
    case 'existingBank':
      return t('errors.EXISTING_BANK');
    // The list's own prompt says what to do ('Choose one', 'Choose your bank').
    case 'source':
      return t('register.sourcePlaceholder');
    case 'bankCode':
      return t('register.bankPlaceholder');
    default:
      return t(`validation.${reason}`);
  }
}

/**
 * The field a refused registration call is about (its answer's `field`, server decisions
 * 0052 and 0133), with the reason to show there; null for refusals of no field (a toast).
 * `sent` is what was sent, to tell which part of the name rule it broke.
 */
export function serverFieldProblem(
  failure: unknown,
  sent: { name?: string; laoBuild: boolean },
): FieldProblem | null {
  if (!(failure instanceof ApiError) || !failure.details.field) return null;
  const code = failure.message;
  switch (failure.details.field) {
    case 'username':
      return { field: 'phone', reason: sent.laoBuild ? 'phoneDigits' : 'phone10' };
    case 'name':
      return {
        field: 'name',
        reason:
          sent.name !== undefined && profileNameProblem(sent.name) === 'length'
            ? 'nameLength'
            : 'nameCharacters',
      };
    case 'password':
      return { field: 'password', reason: 'passwordLength' };
    case 'sourceCode':
      return { field: 'sourceCode', reason: 'source' };
    case 'inviteCode':
      return { field: 'inviteCode', reason: 'inviteCode' };
    case 'bankCode':
      return { field: 'bankCode', reason: 'bankCode' };
    case 'bankAccountNo':
      return {
        field: 'accountNo',
        reason: code === 'EXISTING_BANK' ? 'existingBank' : 'accountNoDigits',
      };
    case 'bankAccountName':
      return {
        field: 'lastName',
        reason: code === 'BANK_ACCOUNT_NAME_ENG' ? 'englishOnly' : 'accountNameLength',
      };
    default:
      return null;
  }
}

export interface OtpSendResult {
  otpRef: string;
  otpToken: string;
  code: 'OK' | 'OTP_VERIFIED';
}

export type PhoneOutcome = { step: 2; otpRef: string; otpToken: string } | { step: 3 };

export function checkPhoneStep(phone: string, laoBuild: boolean): StepCheck {
  const digits = digitsOnly(phone);
  if (!digits) return { ok: false, reason: 'empty' };
  if (!isValidPhone(digits, laoBuild)) return { ok: false, field: 'phone', reason: 'phone10' };
  // The server's rule for every build (6 to 15 digits): on Lao builds the only one.
  if (!isPhoneDigits(digits)) return { ok: false, field: 'phone', reason: 'phoneDigits' };
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
 * Name, phone, password and confirmation are required (silent); the name and the password
 * follow the contract's rules (a message at the field); password and confirmation must match.
 */
export function checkProfileStep(phone: string, fields: ProfileFields): StepCheck {
  if (!fields.name.trim() || !phone || !fields.password || !fields.confirmPassword) {
    return { ok: false, reason: 'empty' };
  }
  const name = profileNameProblem(fields.name);
  if (name === 'length') return { ok: false, field: 'name', reason: 'nameLength' };
  if (name === 'characters') return { ok: false, field: 'name', reason: 'nameCharacters' };
  if (passwordProblem(fields.password)) {
    return { ok: false, field: 'password', reason: 'passwordLength' };
  }
  if (fields.password !== fields.confirmPassword) {
    return { ok: false, field: 'confirmPassword', reason: 'passwordsDontMatch' };
  }
  if (fields.inviteCode.trim().length > 32) {
    return { ok: false, field: 'inviteCode', reason: 'inviteCode' };
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

/**
 * Bank, names and account number are required (silent); the number has 6 to 20 digits, the
 * joined name 3 to 100 characters, and KTB/TMB/BBL need an English name.
 */
export function checkBankStep(fields: BankFields): StepCheck {
  if (
    !fields.bankCode ||
    !fields.firstName.trim() ||
    !fields.lastName.trim() ||
    !digitsOnly(fields.accountNo)
  ) {
    return { ok: false, reason: 'empty' };
  }
  if (!isBankAccountNo(digitsOnly(fields.accountNo))) {
    return { ok: false, field: 'accountNo', reason: 'accountNoDigits' };
  }
  const accountName = joinAccountName(fields.firstName, fields.lastName);
  if (!isBankAccountNameLength(accountName)) {
    return { ok: false, field: 'lastName', reason: 'accountNameLength' };
  }
  if (!isAccountNameAllowed(fields.bankCode, accountName)) {
    return { ok: false, field: 'lastName', reason: 'englishOnly' };
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
