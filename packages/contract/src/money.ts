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

/** A decimal digit string plus one, carried (amounts here can pass 2^53 satang). */
function plusOne(digits: string): string {
  const nines = digits.search(/9*$/);
  const head = digits.slice(0, nines);
  const raised = head === '' ? '1' : `${head.slice(0, -1)}${Number(head.slice(-1)) + 1}`;
  return `${raised}${'0'.repeat(digits.length - nines)}`;
}

/**
 * Display with 2 decimals and thousands separators (spec section 9, "Amount display"): the
 * same text as V8's `toLocaleString('en-US')` with two fraction digits, which rounds the
 * number's shortest decimal form half away from zero (0.015 -> "0.02"). Done on that decimal
 * string rather than with Intl: the first Intl formatter a page makes loads the locale data,
 * 65-150 ms at 4x CPU, a third of the member home's hydration (decision 0162).
 */
export function formatBaht(baht: number): string {
  if (!Number.isFinite(baht) || Math.abs(baht) >= 1e21)
    return baht.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = baht < 0 || Object.is(baht, -0) ? '-' : '';
  const size = Math.abs(baht);
  // Below 1e-6 String() writes an exponent; such an amount shows as 0.00 in any case.
  const [whole = '0', fraction = ''] = (size < 1e-6 ? '0' : String(size)).split('.');
  let digits = whole + fraction.padEnd(2, '0').slice(0, 2);
  if (fraction.charAt(2) >= '5') digits = plusOne(digits);
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${digits.slice(-2)}`;
}
