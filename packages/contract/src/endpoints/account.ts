import { z } from 'zod';
import { endpoint } from '../endpoint';
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
    method: 'POST',
    path: '/api/account/validate',
    access: 'public',
    summary: 'Register step 3: check the fields before the bank step',
    body: registrationCheckSchema,
    response: messageSchema,
    milestone: 2,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/account',
    access: 'public',
    summary: 'Register step 4: create the member',
    body: registrationSchema,
    response: messageSchema,
    milestone: 2,
  }),
  getProfile: endpoint({
    method: 'GET',
    path: '/api/account/profile',
    access: 'member',
    summary: 'Profile and bank account (profile screen)',
    response: z.object({ profile: profileSchema, bankAccount: bankAccountSchema }),
    milestone: 2,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/account/profile',
    access: 'member',
    summary: 'Update name and bank account',
    body: profileUpdateSchema,
    response: messageSchema,
    milestone: 2,
  }),
  updateBankAccountName: endpoint({
    method: 'PUT',
    path: '/api/account/bankAccountName',
    access: 'member',
    summary: 'Fix the bank account name (English for KTB/TMB/BBL)',
    body: bankAccountNameUpdateSchema,
    response: messageSchema,
    milestone: 2,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/account/changepwd',
    access: 'member',
    summary: 'Change password; revokes the other sessions',
    body: passwordChangeSchema,
    response: messageSchema,
    milestone: 2,
  }),
};

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary: 'Sign in with phone number and password',
    body: loginSchema,
    response: z.object({ token: z.string() }),
    milestone: 2,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'member',
    summary: 'Revoke the current session',
    response: messageSchema,
    milestone: 2,
  }),
};

export const otpEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/otp/send',
    access: 'public',
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
    method: 'POST',
    path: '/api/otp/verify',
    access: 'public',
    summary: 'Verify an OTP; single use',
    body: otpVerifySchema,
    response: messageSchema,
    milestone: 2,
  }),
};
