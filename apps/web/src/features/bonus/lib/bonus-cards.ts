// The bonus cards' states (spec section 2, decision 0071): the active bonus is marked current;
// one whose receive limit is reached in its window (Bangkok time, counted from
// `userBonus.received[].updatedAt`) is received and cannot be opened; the others open.
import { receiveLimitReached } from '@wallet/contract/bonus-window';
import type { BonusItem } from '@/features/bonus/api/get-bonuses';

export type BonusCardState = 'current' | 'received' | 'open';

export function bonusCardState(bonus: BonusItem, now: Date): BonusCardState {
  if (bonus.userBonus?.isActive) return 'current';
  const received = (bonus.userBonus?.received ?? []).map((entry) => entry.updatedAt);
  return receiveLimitReached(bonus, received, now) ? 'received' : 'open';
}

/** The notice lookup's text with the bonus's percentFail in place of each %percentFail%. */
export function fillNotice(notice: string, percentFail: number): string {
  return notice.replaceAll('%percentFail%', String(percentFail));
}

/** True when the providers count bets differently (the page then shows each provider). */
export function weightsDiffer(providers: readonly { weight: number }[]): boolean {
  return providers.some((provider) => provider.weight !== 100);
}
