// The optional deposit-limit offer (issue 28, decision 0147): after registration (on the home)
// and at the first deposit (in the deposit dialog), until the first deposit is credited or a
// deposit limit is set. A skip is remembered per member and per place in this browser.
import type { ProtectionAnswer } from '@/lib/api/get-protection';
import { readItem, writeItem } from '@/lib/storage';

export type OfferPlace = 'home' | 'deposit';

/** localStorage, kept at logout (config/storage-keys.ts names it; decision 0147). */
const keyOf = (memberId: string, place: OfferPlace) => `limit-offer-skipped:${memberId}:${place}`;

export function isOfferSkipped(memberId: string, place: OfferPlace): boolean {
  return readItem('local', keyOf(memberId, place)) !== null;
}

export function skipOffer(memberId: string, place: OfferPlace): void {
  writeItem('local', keyOf(memberId, place), new Date().toISOString());
}

/** A deposit limit is set or asked for (a pending one counts: the member answered). */
export function hasDepositLimit(state: ProtectionAnswer): boolean {
  return state.limits.some(
    (limit) => limit.kind === 'deposit' && (limit.amount !== null || limit.pending !== null),
  );
}

/**
 * Whether to offer a deposit limit: no deposit credited yet, no deposit limit, no time-out or
 * self-exclusion in force (deposits are closed then), not skipped here.
 */
export function offerWanted(
  state: ProtectionAnswer,
  memberId: string,
  place: OfferPlace,
  now: number,
): boolean {
  const blocked = state.block !== null && Date.parse(state.block.endsAt) > now;
  return (
    !state.depositCredited &&
    !blocked &&
    !hasDepositLimit(state) &&
    !isOfferSkipped(memberId, place)
  );
}
