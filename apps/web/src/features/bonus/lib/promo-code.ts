// The promotion-code input (spec sections 2 and 5, decision 0071): required, upper case while
// typing and in the call, A-Z and 0-9, at most 32 characters.
export const PROMO_CODE_MAX = 32;

/** What the input holds after a keystroke: upper case, at most 32 characters. */
export function normalizePromoCode(text: string): string {
  return text.toUpperCase().slice(0, PROMO_CODE_MAX);
}

export type PromoCodeCheck =
  { ok: true; code: string } | { ok: false; problem: 'required' | 'format' };

export function checkPromoCode(text: string): PromoCodeCheck {
  const code = text.trim().toUpperCase();
  if (!code) return { ok: false, problem: 'required' };
  if (!/^[A-Z0-9]{1,32}$/.test(code)) return { ok: false, problem: 'format' };
  return { ok: true, code };
}
