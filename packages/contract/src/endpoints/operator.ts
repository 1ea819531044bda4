import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OPERATOR_ROLES, routes } from '../routes';
import { messageSchema, profileUpdateSchema } from '../entities';
import { bahtAmountSchema } from '../money-schema';
import { limits } from '../constants';

// The operator's back-office API (decision 0002). Not part of the member client; members
// are refused here (T9). The console (apps/console, issue 13) calls these; each endpoint's
// `roles` (routes.ts) says which operators may (decision 0086).

export const operatorProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

/** Six digits of RFC 6238 (30 s steps). */
export const totpCodeSchema = z.string().regex(/^\d{6}$/);

/** An operator's own password (decision 0117): 12 to 128 characters. */
export const operatorPasswordSchema = z
  .string()
  .min(limits.operatorPasswordMinLength)
  .max(limits.passwordMaxLength);

/** One row of the append-only audit log (decision 0086). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string().nullable(),
  role: z.string().nullable(),
  /** `METHOD /path/:param` of the endpoint, or a named event such as `login_ok`. */
  action: z.string(),
  /** What it acted on, e.g. `member:100012`, `withdrawal:42`, `setting:registerOTP`. */
  target: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** `ok`, or the error code the call answered with. */
  outcome: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
/** A page of rows: every operator list answers this shape. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int() });
}

export const operatorEndpoints = {
  login: endpoint({
    ...routes.operator.login,
    summary:
      'Operator sign-in, step 1: the password. Answers a challenge for the TOTP code, or, for an operator without an authenticator yet, the secret to enrol with',
    body: z.strictObject({
      username: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
    }),
    // `passwordChange`: an admin set this password (a new account or a reset), so the code
    // step must also choose a new one (`newPassword`, decision 0117).
    response: z.discriminatedUnion('step', [
      z.object({ step: z.literal('totp'), challenge: z.string(), passwordChange: z.boolean() }),
      z.object({
        step: z.literal('enrol'),
        challenge: z.string(),
        passwordChange: z.boolean(),
        /** Base32, for typing into an authenticator app by hand. */
        secret: z.string(),
        otpauthUrl: z.string(),
        /** The otpauth URL as a QR code, an SVG document (show it as an image, never as HTML). */
        qrSvg: z.string(),
      }),
    ]),
    milestone: 13,
  }),
  loginTotp: endpoint({
    ...routes.operator.loginTotp,
    summary:
      'Operator sign-in, step 2: the authenticator code for the challenge (enrols the authenticator on first sign-in); answers the session token',
    body: z.strictObject({
      challenge: z.string().min(1).max(128),
      code: totpCodeSchema,
      /** Required when step 1 answered `passwordChange: true`; never the password it replaces. */
      newPassword: operatorPasswordSchema.optional(),
    }),
    response: z.object({
      token: z.string(),
      operator: operatorProfileSchema,
      /** The session ends after this many minutes without a call. */
      idleMinutes: z.number().int(),
    }),
    milestone: 13,
  }),
  me: endpoint({
    ...routes.operator.me,
    summary: 'The signed-in operator',
    response: z.object({ operator: operatorProfileSchema, idleMinutes: z.number().int() }),
    milestone: 13,
  }),
  logoutEverywhere: endpoint({
    ...routes.operator.logoutEverywhere,
    summary: 'Revoke every session of the signed-in operator (sign out everywhere)',
    response: z.object({ message: z.string(), revoked: z.number().int() }),
    milestone: 13,
  }),
  changePassword: endpoint({
    ...routes.operator.changePassword,
    summary:
      'Change your own password (the current one, then a new one of 12 to 128 characters); ends your other sessions',
    body: z.strictObject({
      currentPassword: z.string().min(1).max(128),
      newPassword: operatorPasswordSchema,
    }),
    response: z.object({ message: z.literal('SUCCESS'), revoked: z.number().int() }),
    milestone: 13,
  }),
  audit: endpoint({
    ...routes.operator.audit,
    summary: 'Search the audit log, newest first',
    query: pageQuerySchema.extend({
      /**
       * Matches the operator, action, target or outcome (substring); `member:<number>` finds
       * the rows about that member exactly (its changes and the reads of its data).
       */
      q: z.string().trim().max(100).optional(),
      operator: z.string().trim().max(64).optional(),
      /** ISO dates (inclusive), Bangkok days. */
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      to: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
    response: pageOf(auditEntrySchema),
    milestone: 13,
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
    summary:
      'Credit or debit a member wallet (a ledger transaction). Above the approval threshold it becomes a request a second operator approves (four eyes, decision 0089)',
    body: z.strictObject({
      memberId: z.string(),
      amount: bahtAmountSchema,
      direction: z.enum(['credit', 'debit']),
      reason: z.string().min(1).max(200),
    }),
    /**
     * Posted at once (at or below the threshold): `SUCCESS`, the new balance. Above it:
     * `PENDING_APPROVAL`, the balance as it still is, and the request's id (decision 0089).
     */
    response: z.discriminatedUnion('status', [
      z.object({
        message: z.literal('SUCCESS'),
        status: z.literal('posted'),
        balance: z.number(),
        requestId: z.null(),
      }),
      z.object({
        message: z.literal('PENDING_APPROVAL'),
        status: z.literal('pending'),
        balance: z.number(),
        requestId: z.number().int(),
      }),
    ]),
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
    summary:
      'Approve or reject a waiting withdrawal; a rejection needs a reason, which the member sees (decision 0090)',
    params: z.object({ id: z.string() }),
    // Decision 0090: `reason` is optional to approve (a client sending only the decision still
    // approves) and required to reject: without it 400 KEY_MISSING (an `invalid_type` issue at
    // `reason`, which the server maps to KEY_MISSING), and nothing changes. One object (not a
    // union), so the fuzz tests and the OpenAPI document see its fields.
    body: z
      .strictObject({
        decision: z.enum(['approve', 'reject']),
        reason: z.string().trim().min(1).max(200).optional(),
      })
      .superRefine((value, ctx) => {
        if (value.decision === 'reject' && value.reason === undefined)
          ctx.addIssue({
            code: 'invalid_type',
            expected: 'string',
            path: ['reason'],
            message: 'a rejection needs a reason',
          });
      }),
    response: z.object({ message: z.string(), status: z.string() }),
    milestone: 3,
  }),
  changeMemberBank: endpoint({
    ...routes.operator.changeMemberBank,
    summary:
      "Ask to change a member's payout bank account (decision 0019; members cannot). A second operator approves it before it takes effect (decision 0116)",
    params: z.object({ memberId: z.string() }),
    body: z.strictObject({
      bankCode: profileUpdateSchema.shape.bankCode,
      bankAccountName: profileUpdateSchema.shape.bankAccountName,
      bankAccountNo: profileUpdateSchema.shape.bankAccountNo,
      reason: z.string().trim().min(1).max(200),
    }),
    response: z.object({
      message: z.literal('PENDING_APPROVAL'),
      requestId: z.number().int(),
    }),
    milestone: 3,
  }),
};
