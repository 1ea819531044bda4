// Form checks of the promotions section (decision 0092). A field's problem is the code the
// server would answer for it (spec section 8: KEY_MISSING, KEY_INVALID), shown translated,
// with the field's own hint saying what it takes. The server checks everything again.
import { MAX_AMOUNT_BAHT, type IntRange } from '@wallet/contract/client';
import { parseAmountInput } from '@wallet/client/amount';

export type ProblemCode = 'KEY_MISSING' | 'KEY_INVALID';
export type Problems = Record<string, ProblemCode>;

export const LOCALES = ['th', 'la', 'en'] as const;
export type Localized = { th: string; la: string; en: string };
export const emptyLocalized = (): Localized => ({ th: '', la: '', en: '' });

/** A whole number in the range (the contract's promotionLimits) typed as text, or the problem. */
export function intIn(text: string, { min, max }: IntRange): number | ProblemCode {
  const trimmed = text.trim();
  if (trimmed === '') return 'KEY_MISSING';
  if (!/^-?\d+$/.test(trimmed)) return 'KEY_INVALID';
  const value = Number(trimmed);
  return value >= min && value <= max ? value : 'KEY_INVALID';
}

/**
 * Baht typed as text in [min, max], or the problem: the one amount reader of both apps
 * (`@wallet/client/amount`: commas only as thousands separators, at most 2 decimals).
 */
export function bahtIn(text: string, min = 0, max = MAX_AMOUNT_BAHT): number | ProblemCode {
  const amount = parseAmountInput(text, max);
  if (!amount.ok) return amount.reason === 'empty' ? 'KEY_MISSING' : 'KEY_INVALID';
  return amount.baht >= min ? amount.baht : 'KEY_INVALID';
}

/** A rate 0-100 with at most two decimals (invite, refund). */
export const rateIn = (text: string) => bahtIn(text, 0, 100);

const isProblem = (value: unknown): value is ProblemCode =>
  value === 'KEY_MISSING' || value === 'KEY_INVALID';

/** Collects checks: `take('field', check)` answers the value, noting a problem under `field`. */
export function collector() {
  const problems: Problems = {};
  function take<T>(field: string, result: T | ProblemCode): T {
    if (isProblem(result)) {
      problems[field] ??= result;
      return undefined as T;
    }
    return result;
  }
  /** Text that must not be empty and fits `max`. */
  const text = (field: string, value: string, max: number, required = true) =>
    take<string>(
      field,
      required && value.trim() === '' ? 'KEY_MISSING' : value.length > max ? 'KEY_INVALID' : value,
    );
  const localized = (field: string, value: Localized, max: number, required = true) => {
    for (const locale of LOCALES) text(`${field}.${locale}`, value[locale], max, required);
    return value;
  };
  return { problems, take, text, localized, ok: () => Object.keys(problems).length === 0 };
}

/** Money and numbers back into a form's text. */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** `2026-11-25T09:30` (the local datetime input) from an ISO instant, on Bangkok time. */
export function toBangkokInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
}

/** The ISO instant of a Bangkok datetime input (`2026-11-25T09:30`), or null when empty. */
export function fromBangkokInput(text: string): string | null | ProblemCode {
  if (text.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return 'KEY_INVALID';
  const date = new Date(`${text}:00+07:00`);
  return Number.isNaN(date.getTime()) ? 'KEY_INVALID' : date.toISOString();
}

/**
 * Each slice's chance in percent: weight / sum of weights (the server draws with
 * crypto.randomInt over the weights, decision 0082); 0 for every slice when all weigh 0.
 */
export function chances(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  return weights.map((w) => (total > 0 ? (Math.max(0, w) / total) * 100 : 0));
}

/** `12.5` -> `12.50%`; tiny but possible chances never read as 0. */
export function formatChance(percent: number): string {
  if (percent > 0 && percent < 0.01) return '<0.01%';
  return `${percent.toFixed(2)}%`;
}

/** The stock banner images the server renders (decision 0077), by name. */
export const STOCK_BANNERS = [
  'bonus-welcome',
  'bonus-daily',
  'bonus-weekly',
  'promo-code',
  'invite',
  'refund',
  'spin',
] as const;
export const bannerUrl = (name: string) => `/api/promotions/art/${name}.jpg`;

/** The problems without those of `field` (and its parts: `name` clears `name.th`). */
export function withoutProblems(problems: Problems, field: string): Problems {
  const left = Object.entries(problems).filter(
    ([key]) => key !== field && !key.startsWith(`${field}.`),
  );
  return left.length === Object.keys(problems).length ? problems : Object.fromEntries(left);
}
