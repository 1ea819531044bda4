import { describe, expect, it } from 'vitest';
import { redactForAudit } from './audit.service';

describe('redactForAudit', () => {
  it('hides passwords, secrets and tokens at any depth, keeps codes and flags', () => {
    expect(
      redactForAudit({
        password: 'p',
        newPassword: 'q',
        registerOTP: true,
        code: 'WELCOME',
        nested: [{ token: 't', totpSecret: 's', amount: 5 }],
      }),
    ).toEqual({
      password: '[redacted]',
      newPassword: '[redacted]',
      registerOTP: true,
      code: 'WELCOME',
      nested: [{ token: '[redacted]', totpSecret: '[redacted]', amount: 5 }],
    });
  });

  it('cuts long text', () => {
    expect(String(redactForAudit('x'.repeat(600))).length).toBe(501);
  });
});
