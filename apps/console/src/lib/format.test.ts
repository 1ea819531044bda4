import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney } from '@/lib/format';

describe('formatMoney', () => {
  it('shows baht with 2 decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(1_000_000)).toBe('1,000,000.00');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
  });

  it('puts a minus sign before a negative amount, never a bare colour', () => {
    expect(formatMoney(-20)).toBe('-20.00');
    expect(formatMoney(-1234.56)).toBe('-1,234.56');
    expect(formatMoney(-0)).toBe('0.00');
    expect(formatMoney(-0.001)).toBe('0.00');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('–');
  });
});

describe('formatDateTime', () => {
  it('writes Bangkok time as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime('2025-01-31T17:05:00Z')).toBe('01/02/2025 00:05');
    expect(formatDateTime('2025-06-09T02:07:59.999Z')).toBe('09/06/2025 09:07');
    expect(formatDateTime(Date.UTC(2024, 11, 31, 16, 59))).toBe('31/12/2024 23:59');
  });

  it('uses a 24-hour clock with 00 at midnight', () => {
    expect(formatDateTime('2025-03-01T17:00:00Z')).toBe('02/03/2025 00:00');
    expect(formatDateTime('2025-03-01T05:30:00Z')).toBe('01/03/2025 12:30');
  });

  it('shows a dash for an invalid value', () => {
    expect(formatDateTime('not a date')).toBe('–');
  });

  it('has a day-only form and a count form', () => {
    expect(formatDate('2025-01-31T17:05:00Z')).toBe('01/02/2025');
    expect(formatCount(12345)).toBe('12,345');
  });
});
