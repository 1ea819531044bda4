import { describe, expect, it } from 'vitest';
import {
  inviteMemberNo,
  isEnglishName,
  needsEnglishName,
  normaliseAccountName,
  phoneLengthOk,
} from './account.rules';

describe('account rules', () => {
  it('normalises account names: trimmed, single spaces, upper case', () => {
    expect(normaliseAccountName('  somchai   jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(normaliseAccountName('สมชาย ใจดี')).toBe('สมชาย ใจดี');
  });

  it('needs English names for KTB, TMB and BBL only', () => {
    expect(['KTB', 'TMB', 'BBL'].every(needsEnglishName)).toBe(true);
    expect(['SCB', 'KBANK', 'BCEL'].some(needsEnglishName)).toBe(false);
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย ใจดี')).toBe(false);
    expect(isEnglishName('SOMCHAI 2')).toBe(false);
    expect(isEnglishName('JOSÉ')).toBe(false);
    expect(isEnglishName('   ')).toBe(false);
  });

  it('needs 10 digits unless Lao build', () => {
    expect(phoneLengthOk('0812345678', false)).toBe(true);
    expect(phoneLengthOk('081234567', false)).toBe(false);
    expect(phoneLengthOk('08123456789', false)).toBe(false);
    expect(phoneLengthOk('2055512345', true)).toBe(true);
    expect(phoneLengthOk('20555123', true)).toBe(true);
  });

  it('reads invite codes of the shape PR{memberNo}', () => {
    expect(inviteMemberNo('PR10001')).toBe('10001');
    expect(inviteMemberNo(' pr10001 ')).toBe('10001');
    expect(inviteMemberNo('PR')).toBeNull();
    expect(inviteMemberNo('10001')).toBeNull();
    expect(inviteMemberNo('PR10001; drop table members')).toBeNull();
  });
});
