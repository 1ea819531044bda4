import { describe, expect, it } from 'vitest';
import { bangkokToday, defaultRange, isValidRange } from '@/features/statement/lib/statement-range';
import { exportPath } from '@/features/statement/lib/download-export';

describe('statement range (decision 0145)', () => {
  it('takes real days, in order, less than 12 months apart', () => {
    expect(isValidRange({ from: '2025-01-01', to: '2025-12-31' })).toBe(true);
    expect(isValidRange({ from: '2025-03-01', to: '2025-03-01' })).toBe(true);
    expect(isValidRange({ from: '2025-01-01', to: '2026-01-01' })).toBe(false);
    expect(isValidRange({ from: '2025-03-02', to: '2025-03-01' })).toBe(false);
    expect(isValidRange({ from: '2025-02-30', to: '2025-03-01' })).toBe(false);
    expect(isValidRange({ from: '', to: '2025-03-01' })).toBe(false);
  });

  it('starts at the first day of the month two months back, to today in Bangkok', () => {
    const now = new Date('2026-03-31T18:00:00.000Z'); // 1 April in Bangkok
    expect(bangkokToday(now)).toBe('2026-04-01');
    expect(defaultRange(now)).toEqual({ from: '2026-02-01', to: '2026-04-01' });
    expect(isValidRange(defaultRange(now))).toBe(true);
  });

  it('asks the export for the range, the format and the language', () => {
    expect(exportPath({ from: '2026-01-01', to: '2026-01-31' }, 'pdf', 'la')).toBe(
      '/api/statement/export?from=2026-01-01&to=2026-01-31&format=pdf&lang=la',
    );
  });
});
