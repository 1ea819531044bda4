// Baht figures in the browser. Amounts arrive as JSON numbers with at most 2 decimals; sums
// and products are done in integer satang so 0.1 + 0.2 never shows as 0.30000000000000004,
// and what a member types is read as decimal text, never with parseFloat.
import { formatBaht, MAX_AMOUNT_BAHT } from '@wallet/contract/client';

/** Baht (any sign, at most 2 decimals as sent by the server) to integer satang. */
export function toSatang(baht: number): number {
  if (!Number.isFinite(baht)) return 0;
  return Math.round(baht * 100);
}

/** Integer satang back to a baht number. */
export function fromSatang(satang: number): number {
  return satang / 100;
}

/** Sum of baht amounts, exact to the satang. */
export function sumBaht(amounts: readonly number[]): number {
  return fromSatang(amounts.reduce((sum, amount) => sum + toSatang(amount), 0));
}

/** The sign shown before a member's amounts: ฿, or ₭ for a LAK member (decision 0033). */
export function currencySign(currency: string | undefined): string {
  return currency === 'LAK' ? '₭' : '฿';
}

/** Baht with 2 decimals and thousands separators (spec section 9, "Amount display"). */
export function formatAmount(baht: number): string {
  return formatBaht(fromSatang(toSatang(baht)));
}

export type AmountProblem = 'format' | 'tooLarge';

export type AmountInput =
  | { ok: true; baht: number }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: AmountProblem; max: number };

/** Digits (thousands may be grouped with commas), an optional point, at most 2 decimals. */
const amountText = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{0,2})?$/;

/**
 * The one reader of an amount the member types, for every money field (issue 26): ASCII
 * digits, commas only as thousands separators ("1,000.50"), an optional point and at most 2
 * decimals; spaces around it are ignored. Anything else ("1e3", "-5", "๑๐๐", "1e3😀abc") is
 * `format`; above `max` (MAX_AMOUNT_BAHT, or a lower bound the caller knows) is `tooLarge`.
 */
export function parseAmountInput(text: string, max: number = MAX_AMOUNT_BAHT): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (!amountText.test(trimmed)) return { ok: false, reason: 'format', max };
  const [whole = '0', fraction = ''] = trimmed.replace(/,/g, '').split('.');
  // More digits than any allowed amount has: too large, without reading a huge number.
  if (whole.replace(/^0+/, '').length > String(Math.floor(max)).length) {
    return { ok: false, reason: 'tooLarge', max };
  }
  const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (satang > toSatang(max)) return { ok: false, reason: 'tooLarge', max };
  return { ok: true, baht: fromSatang(satang) };
}
