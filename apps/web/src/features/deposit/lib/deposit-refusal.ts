// A deposit refusal for the member (spec section 8): the catalogue text, except that
// BONUS_REMAINING (a bonus is still running, decision 0071) also says what to do about it.
import { giftLinkRefusalReasons, type GiftLinkRefusalReason } from '@wallet/contract/client';
import { translate } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { errorMessage, rawMessage } from '@/lib/error-message';

/** `money`: lib/money's formatter in the member's currency (a limit's `remaining`, 0147). */
export function depositRefusal(error: unknown, money?: (baht: number) => string): string {
  return rawMessage(error) === 'BONUS_REMAINING'
    ? translate('deposit.bonusRemaining')
    : errorMessage(error, money);
}

const isGiftReason = (value: unknown): value is GiftLinkRefusalReason =>
  (giftLinkRefusalReasons as readonly unknown[]).includes(value);

/**
 * A gift link's refusal with its reason (issue 26): TRUELINK_INVALID carries `reason` (another
 * phone, under the minimum, expired, ...), said in the member's language; `phone` is the
 * registered number the link must come from. Without a reason, the catalogue text.
 */
export function giftLinkRefusal(
  error: unknown,
  phone: string,
  money?: (baht: number) => string,
): string {
  if (error instanceof ApiError && error.message === 'TRUELINK_INVALID') {
    const reason = error.details.reason;
    if (isGiftReason(reason)) return translate(`gift.refused.${reason}`, { phone });
  }
  return depositRefusal(error, money);
}
