import { describe, expect, it } from 'vitest';
import { checkQrAmount, isQrGateway, quickAmounts } from '@/features/deposit/lib/qr-rules';

describe('QR amount rules (spec sections 2, 5 and 9)', () => {
  it('has the quick amounts of each gateway bank', () => {
    expect(quickAmounts('KBANK')).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(quickAmounts('WW')).toEqual([100, 200, 300, 500, 1000]);
    expect(quickAmounts('PAYTIMZ')).toEqual([10, 50, 100, 500, 1000]);
  });

  it('knows which banks are QR gateways', () => {
    expect(isQrGateway('KBANK')).toBe(true);
    expect(isQrGateway('WW')).toBe(true);
    expect(isQrGateway('PAYTIMZ')).toBe(true);
    expect(isQrGateway('SCB')).toBe(false);
  });

  it('KBANK: disabled at or below 0, does nothing below 1, creates from 1', () => {
    expect(checkQrAmount('KBANK', '')).toEqual({ state: 'disabled' });
    expect(checkQrAmount('KBANK', '0')).toEqual({ state: 'disabled' });
    expect(checkQrAmount('KBANK', '0.00')).toEqual({ state: 'disabled' });
    expect(checkQrAmount('KBANK', '0.01')).toEqual({ state: 'belowMinimum', minimum: 1 });
    expect(checkQrAmount('KBANK', '0.99')).toEqual({ state: 'belowMinimum', minimum: 1 });
    expect(checkQrAmount('KBANK', '1')).toEqual({ state: 'ok', amount: 1 });
    expect(checkQrAmount('KBANK', '1,000.50')).toEqual({ state: 'ok', amount: 1000.5 });
  });

  it('WW: disabled under 100', () => {
    expect(checkQrAmount('WW', '99.99')).toEqual({ state: 'disabled' });
    expect(checkQrAmount('WW', '100')).toEqual({ state: 'ok', amount: 100 });
  });

  it('PAYTIMZ: disabled under 10', () => {
    expect(checkQrAmount('PAYTIMZ', '9.99')).toEqual({ state: 'disabled' });
    expect(checkQrAmount('PAYTIMZ', '10')).toEqual({ state: 'ok', amount: 10 });
  });

  it('refuses what is not an amount (letters, 3 decimals, negative, emoji) and says why', () => {
    for (const text of ['abc', '10.123', '-5', '1e3', '1e3😀abc']) {
      expect(checkQrAmount('KBANK', text), text).toEqual({
        state: 'invalid',
        problem: { reason: 'format', max: 10_000_000 },
      });
    }
  });

  it('refuses more than the maximum with the maximum (issue 26)', () => {
    for (const bank of ['KBANK', 'WW', 'PAYTIMZ'] as const) {
      expect(checkQrAmount(bank, '99,999,999')).toEqual({
        state: 'invalid',
        problem: { reason: 'tooLarge', max: 10_000_000 },
      });
      expect(checkQrAmount(bank, '10000000')).toEqual({ state: 'ok', amount: 10_000_000 });
    }
  });
});
