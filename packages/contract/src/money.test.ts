import { describe, expect, it } from 'vitest';
import { bahtToSatang, formatBaht, hasAtMostTwoDecimals, satangToBaht } from './money';
import { bahtAmountSchema } from './money-schema';

describe('money at the contract edge', () => {
  it('converts baht to satang exactly', () => {
    expect(bahtToSatang(0)).toBe(0);
    expect(bahtToSatang(1)).toBe(100);
    expect(bahtToSatang(1.5)).toBe(150);
    expect(bahtToSatang(19.99)).toBe(1999);
    expect(bahtToSatang(0.07)).toBe(7);
    expect(bahtToSatang(10_000_000)).toBe(1_000_000_000);
  });

  it('refuses more than two decimals, NaN, infinities and negatives', () => {
    for (const bad of [1.005, 0.1 + 0.2, Number.NaN, Infinity, -1, 1e21]) {
      expect(hasAtMostTwoDecimals(bad)).toBe(false);
      expect(() => bahtToSatang(bad)).toThrow(RangeError);
    }
  });

  it('round-trips satang to baht', () => {
    for (const satang of [0, 1, 99, 100, 1999, 123456789, -250]) {
      const baht = satangToBaht(satang);
      expect(satang < 0 ? -bahtToSatang(-baht) : bahtToSatang(baht)).toBe(satang);
    }
    expect(() => satangToBaht(1.5)).toThrow(RangeError);
  });

  it('validates request amounts', () => {
    expect(bahtAmountSchema.safeParse(100.25).success).toBe(true);
    expect(bahtAmountSchema.safeParse(0).success).toBe(false);
    expect(bahtAmountSchema.safeParse(-5).success).toBe(false);
    expect(bahtAmountSchema.safeParse(1.234).success).toBe(false);
    expect(bahtAmountSchema.safeParse(1e9).success).toBe(false);
    expect(bahtAmountSchema.safeParse('10').success).toBe(false);
  });

  it('formats with two decimals', () => {
    expect(formatBaht(1234.5)).toBe('1,234.50');
    expect(formatBaht(0)).toBe('0.00');
    expect(formatBaht(-1234567.891)).toBe('-1,234,567.89');
  });

  it('formats exactly as toLocaleString does, without an Intl formatter', () => {
    const values = [0, -0, -0.001, 0.005, 0.015, 0.125, -0.125, 1.005, 2.675, -2.675, 999.995];
    values.push(-50, 10_000_000, 0.1 + 0.2, 1e20, -1e21, NaN, Infinity, -Infinity);
    // A fixed pseudo-random sequence, so a failure names the same values on every run.
    let seed = 29;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 500; i++) values.push((next() - 0.5) * 10 ** (i % 12));
    for (let i = 0; i < 200; i++) values.push(Math.round(next() * 1e9) / 100);
    for (const value of values)
      expect(formatBaht(value)).toBe(
        value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
  });
});
