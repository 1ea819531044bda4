// Error display (spec section 8): a catalogue key is shown in the user's language, a
// client-side failure (network, timeout) too; anything else is shown raw. A limit that tells
// its wait (`retryAfterSeconds`) is shown with the wait. The `errors`
// section of the catalogue has exactly the contract's error codes (catalogues.test.ts), so
// it is looked up there rather than in the contract's list of codes, which then stays out
// of the entry chunk (decision 0036).
import { hasMessage, translate } from '@/i18n/i18n';
import type { MessageKey } from '@/i18n/types';

export function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** Seconds to wait that a refusal carries (ApiError details: limits and locks), if any. */
function waitOf(error: unknown): number | undefined {
  const details = (error as { details?: { retryAfterSeconds?: unknown } } | null)?.details;
  const wait = details?.retryAfterSeconds;
  return typeof wait === 'number' && wait > 0 ? wait : undefined;
}

/**
 * The member's text for a refusal. `money` formats amounts it carries (a limit's `remaining`)
 * with the member's currency sign: pass `moneyFormatter(currency)` from lib/money where a
 * refusal can carry one (deposits, transfers into games, launches).
 */
export function errorMessage(error: unknown, money?: (baht: number) => string): string {
  const message = rawMessage(error);
  // A limit or lock that tells its wait (server decisions 0050, 0120, 0121): say it, in
  // minutes rounded up.
  const wait = waitOf(error);
  if (wait !== undefined && (message === 'REQUEST_LIMIT' || message === 'REQUEST_LIMIT_1MIN')) {
    const minutes = Math.ceil(wait / 60);
    const key = minutes === 1 ? 'limitWaits.oneMinute' : 'limitWaits.minutes';
    if (hasMessage(key)) return translate(key as MessageKey, { minutes });
  }
  for (const key of [`errors.${message}`, `clientErrors.${message}`]) {
    if (hasMessage(key)) return translate(key as MessageKey) + protectionWait(error, money);
  }
  return message;
}

/**
 * A player-protection refusal (decision 0139) says when the member can act again
 * (`retryAt`) and, for a limit, what still fits now (`remaining`).
 */
// Formatted here rather than with lib/format and lib/money: this file rides in the entry
// chunk and those would bring the amount formatter with them (decision 0144). The screens that
// can receive a limit's refusal pass lib/money's formatter, with the currency sign (0147).
const pad = (value: number) => String(value).padStart(2, '0');
function dateTimeText(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
const amountText = (baht: number) =>
  baht.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function protectionWait(error: unknown, money = amountText): string {
  const details = (error as { details?: { retryAt?: unknown; remaining?: unknown } } | null)
    ?.details;
  let text = '';
  if (typeof details?.remaining === 'number' && hasMessage('protectionWaits.remaining'))
    text += ' ' + translate('protectionWaits.remaining', { amount: money(details.remaining) });
  if (typeof details?.retryAt === 'string' && hasMessage('protectionWaits.until'))
    text += ' ' + translate('protectionWaits.until', { time: dateTimeText(details.retryAt) });
  return text;
}
