import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from '@/features/profile/lib/change-password';
import { passwordProblem } from '@wallet/contract/client';

describe('change password checks', () => {
  const fields = {
    oldPassword: 'demo1234',
    newPassword: 'newpass99',
    confirmPassword: 'newpass99',
  };

  it('all three required, the password rule, then the match', () => {
    expect(checkPasswordChange({ ...fields, oldPassword: '' })).toBe('empty');
    expect(checkPasswordChange({ ...fields, newPassword: '12345', confirmPassword: '12345' })).toBe(
      'length',
    );
    expect(checkPasswordChange({ ...fields, confirmPassword: 'newpass98' })).toBe('mismatch');
    expect(checkPasswordChange(fields)).toBe('ok');
  });

  it("refuses exactly what the contract's rule refuses, as register and the server do (decision 0133)", () => {
    for (const password of [
      '12345',
      '1234567',
      '😀😀😀😀',
      'x'.repeat(129),
      '12345678',
      'x'.repeat(128),
    ]) {
      const refused =
        checkPasswordChange({
          oldPassword: 'a',
          newPassword: password,
          confirmPassword: password,
        }) === 'length';
      expect(refused, password).toBe(passwordProblem(password) !== null);
    }
  });
});
