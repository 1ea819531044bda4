// A bank's name in the member's language (issue 16, decision 0058): Thai in Thai, Lao in
// Lao (the lookup's `nameLA`; the English name when a bank has none), English otherwise.
import type { Locale } from '@wallet/contract/client';

export interface BankNames {
  nameTH: string;
  nameLA?: string;
  nameEN: string;
}

export function bankName(bank: BankNames, locale: Locale): string {
  if (locale === 'th') return bank.nameTH;
  if (locale === 'la') return bank.nameLA?.trim() || bank.nameEN;
  return bank.nameEN;
}

/**
 * The name shown on the profile: the spec's "bank name (Thai name)" in Thai and English,
 * the Lao name in Lao (Lao readers get Lao script, not Thai).
 */
export function profileBankName(bank: BankNames, locale: Locale): string {
  return locale === 'la' ? bankName(bank, 'la') : bank.nameTH;
}

/**
 * The operator's deposit account name as shown and copied: the Latin form in Lao and English
 * where the operator set one, else the registered (Thai) name.
 */
export function depositAccountName(
  entry: { bankAccountName: string; bankAccountNameEN?: string },
  locale: Locale,
): string {
  const latin = entry.bankAccountNameEN?.trim();
  return locale !== 'th' && latin ? latin : entry.bankAccountName;
}
