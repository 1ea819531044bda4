// Home figures (spec section 2, "Member home"), exact to the satang.
import { gameCategories, type GameCategory, type Slot } from '@wallet/contract/client';
import { fromSatang, sumBaht, toSatang } from '@/lib/money';

/** Total balance: the wallet plus every active game account. */
export function totalBalance(wallet: number, slots: readonly Pick<Slot, 'isActive' | 'amount'>[]) {
  return sumBaht([wallet, ...slots.filter((slot) => slot.isActive).map((slot) => slot.amount)]);
}

/** Money held in active game accounts. */
export function gamesBalance(slots: readonly Pick<Slot, 'isActive' | 'amount'>[]) {
  return sumBaht(slots.filter((slot) => slot.isActive).map((slot) => slot.amount));
}

/**
 * What the provider shows for the balance: the balance times the provider's wallet factor
 * (ftWalletSlot), rounded to the satang. Display only; money moves in baht.
 */
export function providerUnits(slot: Pick<Slot, 'amount' | 'ftWalletSlot'>): number {
  const factor = Number.isFinite(slot.ftWalletSlot) ? slot.ftWalletSlot : 1;
  return fromSatang(Math.round(toSatang(slot.amount) * factor));
}

/** The three carousels in the spec's order; each lists its category in the server's order. */
export function slotsByCategory<S extends Pick<Slot, 'category'>>(
  slots: readonly S[],
): { category: GameCategory; slots: S[] }[] {
  return gameCategories.map((category) => ({
    category,
    slots: slots.filter((slot) => slot.category === category),
  }));
}
