import { parseAmountInput } from '@wallet/client/amount';

/** A number field's text as a number ('' and junk: NaN, refused by the server as KEY_INVALID). */
export const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** An amount field's baht, read by the apps' one amount parser (junk: NaN, as `num`). */
export const baht = (text: string): number => {
  const amount = parseAmountInput(text);
  return amount.ok ? amount.baht : Number.NaN;
};
