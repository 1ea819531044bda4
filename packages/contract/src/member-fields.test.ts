import { describe, expect, it } from 'vitest';
import {
  charCount,
  isBankAccountNameLength,
  isBankAccountNo,
  isPhoneDigits,
  passwordProblem,
  passwordRule,
  profileNameProblem,
} from './member-fields';
import { passwordChangeSchema, registrationCheckSchema } from './entities';

const body = (patch: Record<string, unknown>) => ({
  name: 'Somchai',
  username: '0812345678',
  password: 'secret123',
  ...patch,
});
const firstField = (input: unknown) => {
  const result = registrationCheckSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.path[0];
};

describe('the password rule (decision 0133)', () => {
  it('is 8 to 128 characters, counted as people count them', () => {
    expect(passwordRule).toEqual({ minLength: 8, maxLength: 128 });
    expect(passwordProblem('12345')).toBe('length');
    expect(passwordProblem('1234567')).toBe('length');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('length');
    // Four emoji are four characters (eight UTF-16 units): too short, as zod counts.
    expect(charCount('😀😀😀😀')).toBe(4);
    expect(passwordProblem('😀😀😀😀')).toBe('length');
  });

  it('is the rule the server applies at registration and in change-password', () => {
    for (const password of ['12345', '😀😀😀😀', 'x'.repeat(129), 'secret12', 'x'.repeat(128)]) {
      const refused = passwordProblem(password) !== null;
      expect(firstField(body({ password })) === 'password', password).toBe(refused);
      expect(
        passwordChangeSchema.safeParse({ oldPassword: 'old', newPassword: password }).success,
        password,
      ).toBe(!refused);
    }
  });
});

describe('the profile name rule (decision 0133)', () => {
  it('takes names in Thai, Lao and Latin letters, with digits and punctuation', () => {
    for (const name of ['สมชาย ใจดี', 'ສົມໃຈ', "O'Neil-Smith Jr.", 'Noi 2', ' Pim '])
      expect(profileNameProblem(name), name).toBeNull();
  });

  it('refuses empty, over 100 characters, emoji and invisible characters', () => {
    expect(profileNameProblem('   ')).toBe('empty');
    expect(profileNameProblem('ก'.repeat(101))).toBe('length');
    expect(profileNameProblem('a'.repeat(130))).toBe('length');
    expect(profileNameProblem('x'.repeat(100))).toBeNull();
    for (const name of ['Pim 😀', '❤️', 'A\u200BB', 'A\u202EB', 'tab\there', '\u{E000}x'])
      expect(profileNameProblem(name), JSON.stringify(name)).toBe('characters');
  });

  it('is the rule the server applies (the refusal names the field)', () => {
    for (const name of ['a'.repeat(130), 'Pim 😀', 'A\u202EB'])
      expect(firstField(body({ name }))).toBe('name');
    expect(firstField(body({ name: 'สมชาย' }))).toBeNull();
  });
});

describe('the bank and phone fields', () => {
  it('account number: 6 to 20 digits', () => {
    expect(isBankAccountNo('12345')).toBe(false);
    expect(isBankAccountNo('123456')).toBe(true);
    expect(isBankAccountNo('1'.repeat(20))).toBe(true);
    expect(isBankAccountNo('1'.repeat(21))).toBe(false);
    expect(isBankAccountNo('123-456')).toBe(false);
  });

  it('account name: 3 to 100 characters once trimmed', () => {
    expect(isBankAccountNameLength(' A  ')).toBe(false);
    expect(isBankAccountNameLength('A B')).toBe(true);
    expect(isBankAccountNameLength('A'.repeat(101))).toBe(false);
  });

  it('phone: 6 to 15 digits', () => {
    expect(isPhoneDigits('02055512')).toBe(true);
    expect(isPhoneDigits('12345')).toBe(false);
    expect(isPhoneDigits('1'.repeat(16))).toBe(false);
  });
});
