import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  isAccountNameAllowed,
  isEnglishName,
  isValidPhone,
  joinAccountName,
  requiresEnglishName,
} from '@/lib/validators';

describe('phone rule', () => {
  it('needs exactly 10 digits on non-Lao builds', () => {
    expect(isValidPhone('0812345678', false)).toBe(true);
    expect(isValidPhone('081234567', false)).toBe(false);
    expect(isValidPhone('08123456789', false)).toBe(false);
  });
  it('skips the length rule on Lao builds', () => {
    expect(isValidPhone('02055512', true)).toBe(true);
    expect(isValidPhone('', true)).toBe(false);
  });
  it('keeps digits only', () => {
    expect(digitsOnly('081-234 5678')).toBe('0812345678');
  });
});

describe('English-only account names', () => {
  it('applies to KTB, TMB and BBL only', () => {
    expect(['KTB', 'TMB', 'BBL', 'ktb'].map(requiresEnglishName)).toEqual([true, true, true, true]);
    expect(['SCB', 'KBANK', 'BCEL'].map(requiresEnglishName)).toEqual([false, false, false]);
  });
  it('allows English letters and spaces only', () => {
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย ใจดี')).toBe(false);
    expect(isEnglishName('SOMCHAI J.')).toBe(false);
    expect(isEnglishName('JOHN 2')).toBe(false);
  });
  it('joins trimmed, upper-cased parts with one space', () => {
    expect(joinAccountName('  somchai ', ' jaidee')).toBe('SOMCHAI JAIDEE');
  });
  it('accepts any name for other banks', () => {
    expect(isAccountNameAllowed('SCB', 'สมชาย ใจดี')).toBe(true);
    expect(isAccountNameAllowed('KTB', 'สมชาย ใจดี')).toBe(false);
    expect(isAccountNameAllowed('KTB', 'SOMCHAI JAIDEE')).toBe(true);
  });
});
