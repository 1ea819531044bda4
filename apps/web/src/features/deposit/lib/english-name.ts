// The bank-name edit rules (spec sections 2 and 5): members whose registered bank is KTB,
// TMB or BBL need an account name in English letters and spaces; the edit dialog forces
// upper case while typing and refuses anything else with an error toast.
import { englishName, englishNameBankCodes } from '@wallet/contract/client';

export function needsEnglishName(bankCode: string, accountName: string): boolean {
  return (
    (englishNameBankCodes as readonly string[]).includes(bankCode) &&
    !englishName.test(accountName.trim())
  );
}

/** What the input shows while typing: upper case. */
export function typedName(value: string): string {
  return value.toUpperCase();
}

/** The name to save (spaces collapsed), or null when it is empty or not English letters. */
export function checkEnglishName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ').toUpperCase();
  if (name === '' || !englishName.test(name)) return null;
  return name;
}
