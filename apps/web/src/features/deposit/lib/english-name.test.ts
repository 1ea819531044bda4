import { describe, expect, it } from 'vitest';
import { checkEnglishName, needsEnglishName, typedName } from '@/features/deposit/lib/english-name';

describe('bank-name edit rules (spec sections 2 and 5)', () => {
  it('asks KTB, TMB and BBL members whose name is not English letters', () => {
    for (const bank of ['KTB', 'TMB', 'BBL']) {
      expect(needsEnglishName(bank, 'สมชาย ใจดี'), bank).toBe(true);
      expect(needsEnglishName(bank, 'SOMCHAI JAIDEE'), bank).toBe(false);
      expect(needsEnglishName(bank, 'Somchai Jaidee 2'), bank).toBe(true);
    }
    expect(needsEnglishName('KBANK', 'สมชาย ใจดี')).toBe(false);
    expect(needsEnglishName('SCB', 'สมชาย ใจดี')).toBe(false);
  });

  it('upper-cases while typing', () => {
    expect(typedName('somchai j')).toBe('SOMCHAI J');
  });

  it('accepts English letters and spaces only, not empty', () => {
    expect(checkEnglishName('  somchai   jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(checkEnglishName('')).toBeNull();
    expect(checkEnglishName('   ')).toBeNull();
    expect(checkEnglishName('สมชาย')).toBeNull();
    expect(checkEnglishName('SOMCHAI-JAIDEE')).toBeNull();
    expect(checkEnglishName('SOMCHAI 2')).toBeNull();
  });
});
