import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import {
  bankAccountNameUpdateSchema,
  bankAccountSchema,
  loginSchema,
  messageSchema,
  otpSendSchema,
  otpVerifySchema,
  passwordChangeSchema,
  profileSchema,
  profileUpdateSchema,
  registrationCheckSchema,
  registrationSchema,
} from '../entities';

export const accountEndpoints = {
  validate: endpoint({
    ...routes.account.validate,
    summary: 'Register step 3: check the fields before the bank step',
    body: registrationCheckSchema,
    response: messageSchema,
    milestone: 2,
  }),
  register: endpoint({
    ...routes.account.register,
    summary: 'Register step 4: create the member',
    body: registrationSchema,
    response: messageSchema,
    milestone: 2,
  }),
  getProfile: endpoint({
    ...routes.account.getProfile,
    summary: 'Profile and bank account (profile screen)',
    response: z.object({ profile: profileSchema, bankAccount: bankAccountSchema }),
    milestone: 2,
  }),
  updateProfile: endpoint({
    ...routes.account.updateProfile,
    summary: 'Update name and bank account',
    body: profileUpdateSchema,
    response: messageSchema,
    milestone: 2,
  }),
  updateBankAccountName: endpoint({
    ...routes.account.updateBankAccountName,
    summary: 'Fix the bank account name (English for KTB/TMB/BBL)',
    body: bankAccountNameUpdateSchema,
    response: messageSchema,
    milestone: 2,
  }),
  changePassword: endpoint({
    ...routes.account.changePassword,
    summary: 'Change password; revokes the other sessions',
    body: passwordChangeSchema,
    response: messageSchema,
    milestone: 2,
  }),
};

export const authEndpoints = {
  login: endpoint({
    ...routes.auth.login,
    summary: 'Sign in with phone number and password',
    body: loginSchema,
    response: z.object({ token: z.string() }),
    milestone: 2,
  }),
  logout: endpoint({
    ...routes.auth.logout,
    summary: 'Revoke the current session',
    response: messageSchema,
    milestone: 2,
  }),
};

export const otpEndpoints = {
  send: endpoint({
    ...routes.otp.send,
    summary:
      "Send an OTP by SMS; code is 'OTP_VERIFIED' when the phone is already verified (no SMS), else 'OK'",
    body: otpSendSchema,
    response: z.object({
      otpRef: z.string(),
      otpToken: z.string(),
      code: z.enum(['OK', 'OTP_VERIFIED']),
    }),
    milestone: 2,
  }),
  verify: endpoint({
    ...routes.otp.verify,
    summary: 'Verify an OTP; single use',
    body: otpVerifySchema,
    response: messageSchema,
    milestone: 2,
  }),
};
