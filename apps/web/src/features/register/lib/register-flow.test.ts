import { describe, expect, it, vi } from 'vitest';
import { installCatalog, translate } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import { ApiError } from '@/lib/api-client';
import {
  checkBankStep,
  checkPhoneStep,
  checkProfileStep,
  fieldMessage,
  nextAfterPhone,
  registrationBody,
  serverFieldProblem,
  type BankFields,
  type FieldReason,
  type ProfileFields,
} from '@/features/register/lib/register-flow';

const profile: ProfileFields = {
  name: 'Somchai',
  password: 'secret123',
  confirmPassword: 'secret123',
  sourceCode: '',
  inviteCode: 'PR10001',
};
const bank: BankFields = {
  bankCode: 'KTB',
  accountNo: '1234567890',
  firstName: ' somchai',
  lastName: 'jaidee ',
  currency: 'LAK',
};

describe('step 1 -> next step', () => {
  it('goes straight to step 3 when the OTP setting is off (no SMS sent)', async () => {
    const sendOtp = vi.fn();
    const outcome = await nextAfterPhone('0812345678', {
      isOtpRequired: async () => false,
      sendOtp,
    });
    expect(outcome).toEqual({ step: 3 });
    expect(sendOtp).not.toHaveBeenCalled();
  });

  it('skips to step 3 when the phone is already verified (OTP_VERIFIED)', async () => {
    const outcome = await nextAfterPhone('0812345678', {
      isOtpRequired: async () => true,
      sendOtp: async () => ({ otpRef: '', otpToken: '', code: 'OTP_VERIFIED' }),
    });
    expect(outcome).toEqual({ step: 3 });
  });

  it('shows the OTP step with the reference otherwise', async () => {
    const sendOtp = vi.fn().mockResolvedValue({ otpRef: 'ABCD', otpToken: 't1', code: 'OK' });
    const outcome = await nextAfterPhone('0812345678', {
      isOtpRequired: async () => true,
      sendOtp,
    });
    expect(outcome).toEqual({ step: 2, otpRef: 'ABCD', otpToken: 't1' });
    expect(sendOtp).toHaveBeenCalledWith('0812345678');
  });

  it('lets a failed send surface to the caller', async () => {
    await expect(
      nextAfterPhone('0812345678', {
        isOtpRequired: async () => true,
        sendOtp: () => Promise.reject(new Error('REQUEST_LIMIT_1MIN')),
      }),
    ).rejects.toThrow('REQUEST_LIMIT_1MIN');
  });
});

describe('step checks', () => {
  it('phone: silent when empty, 10-digit rule off Lao builds only, 6 to 15 digits on both', () => {
    expect(checkPhoneStep('', false)).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhoneStep('081234567', false)).toEqual({
      ok: false,
      field: 'phone',
      reason: 'phone10',
    });
    expect(checkPhoneStep('0812345678', false)).toEqual({ ok: true });
    expect(checkPhoneStep('02055512', true)).toEqual({ ok: true });
    // The server's 6-to-15-digit rule, said at the field on Lao builds too (decision 0133).
    for (const phone of ['12345', '1'.repeat(16)])
      expect(checkPhoneStep(phone, true)).toEqual({
        ok: false,
        field: 'phone',
        reason: 'phoneDigits',
      });
  });

  it('profile: required fields stop silently; the name and password rules; passwords must match', () => {
    expect(checkProfileStep('0812345678', { ...profile, name: ' ' })).toEqual({
      ok: false,
      reason: 'empty',
    });
    expect(checkProfileStep('', profile)).toEqual({ ok: false, reason: 'empty' });
    expect(checkProfileStep('0812345678', { ...profile, confirmPassword: 'other' })).toEqual({
      ok: false,
      field: 'confirmPassword',
      reason: 'passwordsDontMatch',
    });
    // The contract's password rule (8 to 128 characters), checked before the match.
    for (const password of ['1234567', 'x'.repeat(129), '😀😀😀😀'])
      expect(
        checkProfileStep('0812345678', { ...profile, password, confirmPassword: 'other' }),
      ).toEqual({ ok: false, field: 'password', reason: 'passwordLength' });
    // The contract's name rule (decision 0133): 100 characters, no emoji or invisible ones.
    expect(checkProfileStep('0812345678', { ...profile, name: 'ก'.repeat(130) })).toEqual({
      ok: false,
      field: 'name',
      reason: 'nameLength',
    });
    for (const name of ['Somchai 😀', 'Som\u200Bchai'])
      expect(checkProfileStep('0812345678', { ...profile, name })).toEqual({
        ok: false,
        field: 'name',
        reason: 'nameCharacters',
      });
    expect(
      checkProfileStep('0812345678', { ...profile, inviteCode: 'PR' + '1'.repeat(31) }),
    ).toEqual({ ok: false, field: 'inviteCode', reason: 'inviteCode' });
    expect(
      checkProfileStep('0812345678', {
        ...profile,
        password: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({ ok: true });
    expect(checkProfileStep('0812345678', { ...profile, name: 'สมชาย ใจดี' })).toEqual({ ok: true });
    expect(checkProfileStep('0812345678', profile)).toEqual({ ok: true });
  });

  it('bank: required fields, 6 to 20 digits, a 3 to 100 character name, English-only for KTB/TMB/BBL', () => {
    expect(checkBankStep({ ...bank, accountNo: '' })).toEqual({ ok: false, reason: 'empty' });
    expect(checkBankStep({ ...bank, bankCode: '' })).toEqual({ ok: false, reason: 'empty' });
    expect(checkBankStep({ ...bank, firstName: 'สมชาย' })).toEqual({
      ok: false,
      field: 'lastName',
      reason: 'englishOnly',
    });
    expect(checkBankStep({ ...bank, accountNo: '12345' })).toEqual({
      ok: false,
      field: 'accountNo',
      reason: 'accountNoDigits',
    });
    expect(checkBankStep({ ...bank, firstName: 'A'.repeat(60), lastName: 'B'.repeat(60) })).toEqual(
      { ok: false, field: 'lastName', reason: 'accountNameLength' },
    );
    expect(checkBankStep({ ...bank, bankCode: 'SCB', firstName: 'สมชาย' })).toEqual({ ok: true });
    expect(checkBankStep(bank)).toEqual({ ok: true });
  });
});

describe("the server's named field (decisions 0052, 0133)", () => {
  const refused = (message: string, field?: string) =>
    new ApiError(message, 400, field ? { field } : {});
  const sent = { name: 'Somchai', laoBuild: false };

  it('puts each named field at its input with its own message', () => {
    const cases: [ApiError, ReturnType<typeof serverFieldProblem>][] = [
      [refused('KEY_INVALID', 'name'), { field: 'name', reason: 'nameCharacters' }],
      [refused('KEY_INVALID', 'password'), { field: 'password', reason: 'passwordLength' }],
      [refused('KEY_INVALID', 'username'), { field: 'phone', reason: 'phone10' }],
      [refused('INVALID_USER_INFO', 'inviteCode'), { field: 'inviteCode', reason: 'inviteCode' }],
      [refused('INVALID_USER_INFO', 'sourceCode'), { field: 'sourceCode', reason: 'source' }],
      [refused('INVALID_BANK', 'bankCode'), { field: 'bankCode', reason: 'bankCode' }],
      [refused('KEY_INVALID', 'bankAccountNo'), { field: 'accountNo', reason: 'accountNoDigits' }],
      [refused('EXISTING_BANK', 'bankAccountNo'), { field: 'accountNo', reason: 'existingBank' }],
      [
        refused('KEY_INVALID', 'bankAccountName'),
        { field: 'lastName', reason: 'accountNameLength' },
      ],
      [
        refused('BANK_ACCOUNT_NAME_ENG', 'bankAccountName'),
        { field: 'lastName', reason: 'englishOnly' },
      ],
      // No field, or one no input shows: a toast as before.
      [refused('EXISTING_USER'), null],
      [refused('KEY_INVALID', 'currency'), null],
    ];
    for (const [failure, problem] of cases)
      expect(
        serverFieldProblem(failure, sent),
        `${failure.message} ${failure.details.field}`,
      ).toEqual(problem);
    expect(serverFieldProblem(new Error('x'), sent)).toBeNull();
    expect(
      serverFieldProblem(refused('KEY_INVALID', 'name'), {
        name: 'x'.repeat(130),
        laoBuild: false,
      }),
    ).toEqual({ field: 'name', reason: 'nameLength' });
    expect(serverFieldProblem(refused('KEY_INVALID', 'username'), { laoBuild: true })).toEqual({
      field: 'phone',
      reason: 'phoneDigits',
    });
  });

  it('has a message for every reason in th, la and en, with the figures filled in', () => {
    const reasons: FieldReason[] = [
      'phone10',
      'phoneDigits',
      'nameLength',
      'nameCharacters',
      'passwordLength',
      'passwordsDontMatch',
      'source',
      'inviteCode',
      'bankCode',
      'accountNoDigits',
      'accountNameLength',
      'englishOnly',
      'existingBank',
    ];
    for (const [locale, catalog] of [
      ['th', th],
      ['la', la],
      ['en', en],
    ] as const) {
      installCatalog(locale, catalog);
      for (const reason of reasons) {
        const message = fieldMessage(reason, translate);
        expect(message, `${locale} ${reason}`).not.toMatch(/[{}]|^validation\.|^errors\./);
        if (locale !== 'en') expect(message, `${locale} ${reason}`).not.toMatch(/[a-z]{3,}/i);
      }
    }
    installCatalog('en', en);
    expect(fieldMessage('passwordLength', translate)).toBe(
      'The password must be 8 to 128 characters',
    );
    expect(fieldMessage('nameLength', translate)).toBe('The name can be at most 100 characters');
  });
});

describe('registration body', () => {
  it('joins the upper-cased names and sends currency only on Lao builds', () => {
    const body = registrationBody('0812345678', profile, bank, false);
    expect(body).toMatchObject({
      name: 'Somchai',
      username: '0812345678',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      inviteCode: 'PR10001',
    });
    expect(body.currency).toBeUndefined();
    expect(body.sourceCode).toBeUndefined();
    expect(registrationBody('02055512', profile, bank, true).currency).toBe('LAK');
  });
});
