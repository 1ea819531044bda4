// Baht figures in the browser. Amounts arrive as JSON numbers with at most 2 decimals; sums
// and products are done in integer satang so 0.1 + 0.2 never shows as 0.30000000000000004.
// What a member types is read by `@wallet/client/amount` (parseAmountInput).
import { formatBaht } from '@wallet/contract/client';

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
