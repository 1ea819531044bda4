import { describe, expect, it } from 'vitest';
import { currencySign, formatAmount, parseAmountInput, sumBaht, toSatang } from '@/lib/money';

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

  it('reads what the member typed as decimal text', () => {
    expect(parseAmountInput('100')).toEqual({ ok: true, baht: 100 });
    expect(parseAmountInput(' 1,000.50 ')).toEqual({ ok: true, baht: 1000.5 });
    expect(parseAmountInput('0.07')).toEqual({ ok: true, baht: 0.07 });
    expect(parseAmountInput('5.')).toEqual({ ok: true, baht: 5 });
    expect(parseAmountInput('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmountInput('1.234')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('-5')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('1e3')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('abc')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('20000000')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
  });

  it('refuses anything but digits and at most 2 decimals, and says the maximum (issue 26)', () => {
    const format = { ok: false, reason: 'format', max: 10_000_000 };
    for (const text of [
      '1e3😀abc',
      '1e3',
      '๑๐๐',
      '1 000',
      '1,00',
      '1,0,0',
      '.5',
      '+5',
      '0x10',
      'Infinity',
      '1..2',
    ])
      expect(parseAmountInput(text), text).toEqual(format);
    expect(parseAmountInput('99,999,999')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('99999999')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('9'.repeat(40))).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('10,000,000')).toEqual({ ok: true, baht: 10_000_000 });
    expect(parseAmountInput('10000000.01')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('0010')).toEqual({ ok: true, baht: 10 });
    // A caller's lower bound (a gateway's or the withdrawal maximum).
    expect(parseAmountInput('50001', 50_000)).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 50_000,
    });
  });
});
