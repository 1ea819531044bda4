// Registration and bank-account rules of spec section 5 (decision 0002).
import { englishNameBankCodes, THAI_PHONE_LENGTH } from '@wallet/contract';

/** Trimmed, single-spaced, upper case (spec: "Name parts are trimmed and upper case"). */
export function normaliseAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** KTB, TMB and BBL account names must be English letters and spaces. */
export function needsEnglishName(bankCode: string): boolean {
  return (englishNameBankCodes as readonly string[]).includes(bankCode);
}

export function isEnglishName(name: string): boolean {
  return /^[A-Z ]+$/.test(name) && /[A-Z]/.test(name);
}

/** Non-Lao servers need a 10-digit phone as the username. */
export function phoneLengthOk(username: string, laoBuild: boolean): boolean {
  return laoBuild || username.length === THAI_PHONE_LENGTH;
}

/** Invite code shape PR{memberNo} -> the member number, or null when malformed. */
export function inviteMemberNo(code: string): string | null {
  const match = /^PR(\d{1,12})$/i.exec(code.trim());
  return match?.[1] ?? null;
}
