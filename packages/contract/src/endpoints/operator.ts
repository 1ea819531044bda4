import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { messageSchema, profileUpdateSchema } from '../entities';
import { bahtAmountSchema } from '../money-schema';

// The operator's back-office API (decision 0002). Not part of the member client; members
// are refused here (T9). The operator console app arrives later; tests and the sandbox
// pages use these routes directly.
export const operatorEndpoints = {
  login: endpoint({
    ...routes.operator.login,
    summary: 'Operator sign-in',
    body: z.strictObject({
      username: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
    }),
    response: z.object({ token: z.string() }),
    milestone: 2,
  }),
  logout: endpoint({
    ...routes.operator.logout,
    summary: "Revoke the operator's current session",
    response: messageSchema,
    milestone: 2,
  }),
  setSite: endpoint({
    ...routes.operator.setSite,
    summary: 'Flag the site as gone (terminated) or live again',
    body: z.strictObject({ terminated: z.boolean() }),
    response: z.object({ terminated: z.string().nullable() }),
    milestone: 2,
  }),
  setRegisterOtp: endpoint({
    ...routes.operator.setRegisterOtp,
    summary: 'Turn the registration OTP step on or off',
    body: z.strictObject({ registerOTP: z.boolean() }),
    response: z.object({ registerOTP: z.boolean() }),
    milestone: 2,
  }),
  adjust: endpoint({
    ...routes.operator.adjust,
    summary: 'Credit or debit a member wallet (a ledger transaction)',
    body: z.strictObject({
      memberId: z.string(),
      amount: bahtAmountSchema,
      direction: z.enum(['credit', 'debit']),
      reason: z.string().min(1).max(200),
    }),
    response: z.object({ message: z.string(), balance: z.number() }),
    idempotent: true,
    milestone: 3,
  }),
  listWithdrawals: endpoint({
    ...routes.operator.listWithdrawals,
    summary: 'Withdrawals waiting for approval',
    response: z.array(
      z.object({
        _id: z.string(),
        memberId: z.string(),
        amount: z.number(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    milestone: 3,
  }),
  decideWithdrawal: endpoint({
    ...routes.operator.decideWithdrawal,
    summary: 'Approve or reject a waiting withdrawal',
    params: z.object({ id: z.string() }),
    body: z.strictObject({ decision: z.enum(['approve', 'reject']) }),
    response: z.object({ message: z.string(), status: z.string() }),
    milestone: 3,
  }),
  changeMemberBank: endpoint({
    ...routes.operator.changeMemberBank,
    summary: "Change a member's payout bank account (decision 0019; members cannot)",
    params: z.object({ memberId: z.string() }),
    body: z.strictObject({
      bankCode: profileUpdateSchema.shape.bankCode,
      bankAccountName: profileUpdateSchema.shape.bankAccountName,
      bankAccountNo: profileUpdateSchema.shape.bankAccountNo,
      reason: z.string().trim().min(1).max(200),
    }),
    response: z.object({ message: z.string() }),
    milestone: 3,
  }),
};
