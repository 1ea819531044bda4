// The rules of the fields a member types at registration and in change-password (decision
// 0133): one home, zod-free, read by the server's schemas (entities.ts) and by the web before
// it calls, so both refuse the same input and the web says why at the field. Lengths count
// characters as zod does (code points: an emoji is one), not UTF-16 units.
import { limits } from './constants';

/** Characters as the rules count them (code points). */
export const charCount = (text: string): number => Array.from(text).length;

/** A member's password: its length is the one rule (decisions 0052, 0133). */
export const passwordRule = {
  minLength: limits.passwordMinLength,
  maxLength: limits.passwordMaxLength,
} as const;
export type PasswordProblem = 'length';

/** Why a new password is refused, or null when it is fine. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = charCount(password);
  return length < passwordRule.minLength || length > passwordRule.maxLength ? 'length' : null;
}

/** The profile name (register step 3, profile update): trimmed, 1 to 100 characters. */
export const profileNameRule = { maxLength: 100 } as const;
export type ProfileNameProblem = 'empty' | 'length' | 'characters';

/**
 * Emoji and pictographs, control and invisible format characters (zero-width, direction
 * overrides), private-use code points and lone surrogates: a name support reads and searches
 * in the console must be plain text (decision 0133).
 */
const notInAName = /[\p{Extended_Pictographic}\p{Cc}\p{Cf}\p{Co}\p{Cs}\u{FE0F}]/u;

/** Why a profile name is refused, or null when it is fine (it is stored trimmed). */
export function profileNameProblem(name: string): ProfileNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (charCount(trimmed) > profileNameRule.maxLength) return 'length';
  if (notInAName.test(trimmed)) return 'characters';
  return null;
}

/** A payout account number: digits only, 6 to 20 of them. */
export const bankAccountNoRule = { minDigits: 6, maxDigits: 20 } as const;
export const isBankAccountNo = (value: string): boolean =>
  /^\d+$/.test(value) &&
  value.length >= bankAccountNoRule.minDigits &&
  value.length <= bankAccountNoRule.maxDigits;

/** The payout account name: first and last name joined by a space, 3 to 100 characters. */
export const bankAccountNameRule = { minLength: 3, maxLength: 100 } as const;
export function isBankAccountNameLength(name: string): boolean {
  const length = charCount(name.trim());
  return length >= bankAccountNameRule.minLength && length <= bankAccountNameRule.maxLength;
}

/** A phone number as the username: 6 to 15 digits (Thai builds also need exactly 10). */
export const phoneRule = { minDigits: 6, maxDigits: 15 } as const;
export const isPhoneDigits = (value: string): boolean =>
  /^\d+$/.test(value) && value.length >= phoneRule.minDigits && value.length <= phoneRule.maxDigits;
