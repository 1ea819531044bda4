// Validation rules of spec section 5 shared by registration and (later) the bank-name edit.
import { englishName, englishNameBankCodes, THAI_PHONE_LENGTH } from '@wallet/contract/client';

/** Digits only: phone and account number inputs strip anything else. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Non-Lao builds need exactly 10 digits; Lao builds skip the length rule. */
export function isValidPhone(phone: string, laoBuild: boolean): boolean {
  if (laoBuild) return phone.length > 0;
  return phone.length === THAI_PHONE_LENGTH;
}

/** KTB, TMB and BBL need the account name in English letters and spaces. */
export function requiresEnglishName(bankCode: string): boolean {
  return (englishNameBankCodes as readonly string[]).includes(bankCode.toUpperCase());
}

/** Name parts are trimmed, upper-cased and joined by a space (spec sections 3 and 5). */
export function joinAccountName(firstName: string, lastName: string): string {
  return `${firstName.trim().toUpperCase()} ${lastName.trim().toUpperCase()}`;
}

export function isEnglishName(name: string): boolean {
  return englishName.test(name);
}

/** True when the account name is acceptable for the bank. */
export function isAccountNameAllowed(bankCode: string, accountName: string): boolean {
  return !requiresEnglishName(bankCode) || isEnglishName(accountName);
}
