import { describe, expect, it } from 'vitest';
import {
  gamesBalance,
  providerUnits,
  slotsByCategory,
  totalBalance,
} from '@/features/home/lib/balance';

const slot = (
  code: string,
  category: 'slot' | 'sport' | 'lotto',
  isActive: boolean,
  amount: number,
) => ({
  code,
  category,
  isActive,
  amount,
});

describe('home balances', () => {
  it('totals the wallet and every active game account, to the satang', () => {
    const slots = [
      slot('PG', 'slot', true, 0.2),
      slot('JOKER', 'slot', false, 500),
      slot('UFABET', 'sport', true, 100.35),
    ];
    expect(totalBalance(0.1, slots)).toBe(100.65);
    expect(gamesBalance(slots)).toBe(100.55);
    expect(totalBalance(1000, [])).toBe(1000);
  });

  it('shows the provider balance as the balance times ftWalletSlot', () => {
    expect(providerUnits({ amount: 250, ftWalletSlot: 2 })).toBe(500);
    expect(providerUnits({ amount: 100.35, ftWalletSlot: 0.5 })).toBe(50.18);
    expect(providerUnits({ amount: 10.1, ftWalletSlot: 1 })).toBe(10.1);
    expect(providerUnits({ amount: 10, ftWalletSlot: Number.NaN })).toBe(10);
  });

  it('groups game accounts into the slot, sport and lotto carousels in that order', () => {
    const groups = slotsByCategory([
      slot('HUAYHD', 'lotto', false, 0),
      slot('PG', 'slot', true, 1),
      slot('UFABET', 'sport', false, 0),
      slot('JOKER', 'slot', false, 0),
    ]);
    expect(groups.map((g) => g.category)).toEqual(['slot', 'sport', 'lotto']);
    expect(groups[0]?.slots.map((s) => s.code)).toEqual(['PG', 'JOKER']);
    expect(slotsByCategory([slot('PG', 'slot', true, 1)])[2]?.slots).toEqual([]);
  });
});
