// Money crosses the HTTP edge as baht in JSON numbers with at most 2 decimals, because the
// spec's client reads it that way. Inside the server and the database it is integer satang
// (or LAK minor units). These helpers are the only place the two meet, and they never use
// float arithmetic on amounts: the decimal text of the number is parsed instead.

/** Amounts above this are refused as absurd (10 million baht). */
export const MAX_AMOUNT_BAHT = 10_000_000;

const twoDecimals = /^\d{1,15}(\.\d{1,2})?$/;

/** True when `value` is a finite, non-negative number written with at most 2 decimals. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && twoDecimals.test(String(value));
}

/** Baht (at most 2 decimals, non-negative) to integer satang, exactly. Throws on anything else. */
export function bahtToSatang(baht: number): number {
  if (!hasAtMostTwoDecimals(baht)) throw new RangeError(`not a baht amount: ${String(baht)}`);
  const [whole = '0', fraction = ''] = String(baht).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer satang to baht for the HTTP answer. */
export function satangToBaht(satang: number): number {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`not integer satang: ${String(satang)}`);
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** Display with 2 decimals and thousands separators (spec section 9, "Amount display"). */
export function formatBaht(baht: number): string {
  return baht.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
