import { describe, expect, it, vi } from 'vitest';
import {
  checkBankStep,
  checkPhoneStep,
  checkProfileStep,
  nextAfterPhone,
  registrationBody,
  type BankFields,
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
  it('phone: silent when empty, 10-digit rule off Lao builds only', () => {
    expect(checkPhoneStep('', false)).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhoneStep('081234567', false)).toEqual({ ok: false, reason: 'phone10' });
    expect(checkPhoneStep('0812345678', false)).toEqual({ ok: true });
    expect(checkPhoneStep('02055512', true)).toEqual({ ok: true });
  });

  it('profile: required fields stop silently; passwords must match', () => {
    expect(checkProfileStep('0812345678', { ...profile, name: ' ' })).toEqual({
      ok: false,
      reason: 'empty',
    });
    expect(checkProfileStep('', profile)).toEqual({ ok: false, reason: 'empty' });
    expect(checkProfileStep('0812345678', { ...profile, confirmPassword: 'other' })).toEqual({
      ok: false,
      reason: 'passwordsDontMatch',
    });
    // The contract's password rule (8 to 128 characters), checked before the match.
    for (const password of ['1234567', 'x'.repeat(129)])
      expect(
        checkProfileStep('0812345678', { ...profile, password, confirmPassword: 'other' }),
      ).toEqual({ ok: false, reason: 'passwordLength' });
    expect(
      checkProfileStep('0812345678', {
        ...profile,
        password: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({ ok: true });
    expect(checkProfileStep('0812345678', profile)).toEqual({ ok: true });
  });

  it('bank: required fields, English-only names for KTB/TMB/BBL', () => {
    expect(checkBankStep({ ...bank, accountNo: '' })).toEqual({ ok: false, reason: 'empty' });
    expect(checkBankStep({ ...bank, bankCode: '' })).toEqual({ ok: false, reason: 'empty' });
    expect(checkBankStep({ ...bank, firstName: 'สมชาย' })).toEqual({
      ok: false,
      reason: 'englishOnly',
    });
    expect(checkBankStep({ ...bank, bankCode: 'SCB', firstName: 'สมชาย' })).toEqual({ ok: true });
    expect(checkBankStep(bank)).toEqual({ ok: true });
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
