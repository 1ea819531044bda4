import { describe, expect, it } from 'vitest';
import { currencySign, formatAmount, sumBaht, toSatang } from '@/lib/money';

describe('money in the browser', () => {
  it("signs amounts with the member's currency", () => {
    expect(currencySign('BAHT')).toBe('฿');
    expect(currencySign('LAK')).toBe('₭');
    expect(currencySign(undefined)).toBe('฿');
  });

  it('adds baht exactly, to the satang', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumBaht([0.1, 0.2])).toBe(0.3);
    expect(sumBaht([1000, 250.55, 0.45])).toBe(1251);
    expect(sumBaht([])).toBe(0);
    expect(toSatang(19.99)).toBe(1999);
    expect(toSatang(-5.5)).toBe(-550);
  });

  it('shows 2 decimals with thousands separators', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });
});
