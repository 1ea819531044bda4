import { MAX_AMOUNT_BAHT, bahtToSatang } from '@wallet/contract';

const bahtText = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * A baht amount typed into a sandbox form ("1,500.75") as integer satang, or null when it
 * is not a positive amount with at most 2 decimals up to the contract maximum. The text is
 * checked before it becomes a number, so no float rounding decides an amount.
 */
export function parseBahtText(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!bahtText.test(cleaned)) return null;
  const satang = bahtToSatang(Number(cleaned));
  return satang > 0 && satang <= MAX_AMOUNT_BAHT * 100 ? satang : null;
}
