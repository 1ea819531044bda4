import { describe, expect, it } from 'vitest';
import { bankName, depositAccountName, profileBankName } from '@/lib/bank-name';

const kbank = { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' };

describe('bank names (issue 16)', () => {
  it('reads Thai in Thai, Lao in Lao, English in English', () => {
    expect(bankName(kbank, 'th')).toBe('ธนาคารกสิกรไทย');
    expect(bankName(kbank, 'la')).toBe('ທະນາຄານກະສິກອນໄທ');
    expect(bankName(kbank, 'en')).toBe('Kasikornbank');
  });

  it('falls back to the English name in Lao when a bank has no Lao name', () => {
    expect(bankName({ nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }, 'la')).toBe(
      'Kasikornbank',
    );
    expect(bankName({ ...kbank, nameLA: ' ' }, 'la')).toBe('Kasikornbank');
  });

  it('shows the profile bank in Thai (spec) except in Lao, where it is Lao', () => {
    expect(profileBankName(kbank, 'th')).toBe('ธนาคารกสิกรไทย');
    expect(profileBankName(kbank, 'en')).toBe('ธนาคารกสิกรไทย');
    expect(profileBankName(kbank, 'la')).toBe('ທະນາຄານກະສິກອນໄທ');
  });

  it("shows the operator's account name in Latin letters in Lao and English where one exists", () => {
    const entry = {
      bankAccountName: 'บจก. รอยัล วอลเล็ท',
      bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
    };
    expect(depositAccountName(entry, 'th')).toBe('บจก. รอยัล วอลเล็ท');
    expect(depositAccountName(entry, 'la')).toBe('ROYAL WALLET CO., LTD.');
    expect(depositAccountName(entry, 'en')).toBe('ROYAL WALLET CO., LTD.');
    expect(depositAccountName({ bankAccountName: 'บจก. รอยัล วอลเล็ท' }, 'la')).toBe(
      'บจก. รอยัล วอลเล็ท',
    );
  });
});
