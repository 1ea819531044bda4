// Error display (spec section 8): a catalogue key is shown in the user's language, a
// client-side failure (network, timeout) too; anything else is shown raw.
import { isErrorCode } from '@wallet/contract/client';
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
  if (isErrorCode(message)) return translate(`errors.${message}`);
  const clientKey = `clientErrors.${message}`;
  if (hasMessage(clientKey)) return translate(clientKey as MessageKey);
  return message;
}
