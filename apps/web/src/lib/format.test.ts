import { describe, expect, it } from 'vitest';
import { formatDateTime, groupAccountNumber } from '@/lib/format';

describe('groupAccountNumber', () => {
  it('groups 10 digits 3-3-4', () => {
    expect(groupAccountNumber('1234567890')).toBe('123-456-7890');
  });
  it('groups other lengths 3-3-rest', () => {
    expect(groupAccountNumber('123456789012')).toBe('123-456-789012');
    expect(groupAccountNumber('1234567')).toBe('123-456-7');
    expect(groupAccountNumber('12345')).toBe('123-45');
    expect(groupAccountNumber('123')).toBe('123');
  });
  it('ignores separators already present', () => {
    expect(groupAccountNumber('123-456 7890')).toBe('123-456-7890');
  });
});

describe('formatDateTime', () => {
  it('prints DD/MM/YYYY HH:mm:ss in local time', () => {
    const date = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(date)).toBe('05/01/2026 07:08:09');
    expect(formatDateTime(date.toISOString())).toBe('05/01/2026 07:08:09');
  });
  it('prints nothing for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
