// A deposit refusal for the member (spec section 8): the catalogue text, except that
// BONUS_REMAINING (a bonus is still running, decision 0071) also says what to do about it.
import { translate } from '@/i18n/i18n';
import { errorMessage, rawMessage } from '@/lib/error-message';

export function depositRefusal(error: unknown): string {
  return rawMessage(error) === 'BONUS_REMAINING'
    ? translate('deposit.bonusRemaining')
    : errorMessage(error);
}
