// Error display (spec section 8): a catalogue key is shown in the user's language, a
// client-side failure (network, timeout) too; anything else is shown raw. The `errors`
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

export function errorMessage(error: unknown): string {
  const message = rawMessage(error);
  for (const key of [`errors.${message}`, `clientErrors.${message}`]) {
    if (hasMessage(key)) return translate(key as MessageKey);
  }
  return message;
}
