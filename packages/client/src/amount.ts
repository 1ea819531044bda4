// The one reader of an amount a person types, in both apps (issue 26 for the member app,
// issue 27 for the console): decimal text, never parseFloat.
import { MAX_AMOUNT_BAHT } from '@wallet/contract/client';

export type AmountProblem = 'format' | 'tooLarge';

export type AmountInput =
  | { ok: true; baht: number }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: AmountProblem; max: number };

/** Digits (thousands may be grouped with commas), an optional point, at most 2 decimals. */
const amountText = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{0,2})?$/;

/**
 * ASCII digits, commas only as thousands separators ("1,000.50"), an optional point and at
 * most 2 decimals; spaces around it are ignored. Anything else ("1e3", "-5", "๑๐๐",
 * "1e3😀abc", "1,00") is `format`; above `max` (MAX_AMOUNT_BAHT, or a lower bound the caller
 * knows) is `tooLarge`.
 */
export function parseAmountInput(text: string, max: number = MAX_AMOUNT_BAHT): AmountInput {
  const satang = parseAmountSatang(text, max);
  return satang.ok ? { ok: true, baht: satang.satang / 100 } : satang;
}

/** As parseAmountInput, answering integer satang (what the console's forms send on). */
export function parseAmountSatang(
  text: string,
  max: number = MAX_AMOUNT_BAHT,
):
  | { ok: true; satang: number }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: AmountProblem; max: number } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (!amountText.test(trimmed)) return { ok: false, reason: 'format', max };
  const [whole = '0', fraction = ''] = trimmed.replace(/,/g, '').split('.');
  // More digits than any allowed amount has: too large, without reading a huge number.
  if (whole.replace(/^0+/, '').length > String(Math.floor(max)).length) {
    return { ok: false, reason: 'tooLarge', max };
  }
  const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (satang > Math.round(max * 100)) return { ok: false, reason: 'tooLarge', max };
  return { ok: true, satang };
}
