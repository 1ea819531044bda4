import { z } from 'zod';
import { endpoint } from '../endpoint';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from '../money';
import { OPERATOR_ROLES, routes } from '../routes';
import { pageOf, pageQuerySchema } from './operator';

// Four-eyes adjustments and operator accounts (issue 13, decision 0089). Amounts are baht at
// this edge (at most two decimals); the server keeps integer satang.

/** Who did something: enough to name them in a table and to compare with "me". */
export const operatorRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
});
export type OperatorRef = z.infer<typeof operatorRefSchema>;

export const adjustmentRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentRequestStatus = (typeof adjustmentRequestStatuses)[number];

export const adjustmentRequestSchema = z.object({
  id: z.number().int(),
  /** The member number (`_id`). */
  memberId: z.string(),
  memberName: z.string(),
  amount: z.number(),
  direction: z.enum(['credit', 'debit']),
  reason: z.string(),
  status: z.enum(adjustmentRequestStatuses),
  requestedBy: operatorRefSchema,
  requestedAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** A rejection's reason; null otherwise. */
  decisionReason: z.string().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** A baht threshold: >= 0, at most two decimals. */
const thresholdSchema = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });

const requestParams = z.object({ requestId: z.coerce.number().int().positive() });

export const operatorAdjustmentEndpoints = {
  listRequests: endpoint({
    ...routes.operatorAdjustments.listRequests,
    summary: 'Adjustment requests waiting for a second operator: pending first, newest first',
    query: pageQuerySchema.extend({
      status: z.enum([...adjustmentRequestStatuses, 'all']).default('all'),
    }),
    response: pageOf(adjustmentRequestSchema),
    milestone: 13,
  }),
  approveRequest: endpoint({
    ...routes.operatorAdjustments.approveRequest,
    summary:
      'Approve a pending adjustment request (not your own): posts its ledger transaction once',
    params: requestParams,
    response: z.object({
      message: z.literal('SUCCESS'),
      request: adjustmentRequestSchema,
      /** The member wallet balance after the posting. */
      balance: z.number(),
    }),
    milestone: 13,
  }),
  rejectRequest: endpoint({
    ...routes.operatorAdjustments.rejectRequest,
    summary: 'Reject a pending adjustment request (not your own), with a reason',
    params: requestParams,
    body: z.strictObject({ reason: z.string().trim().min(1).max(200) }),
    response: z.object({ message: z.literal('SUCCESS'), request: adjustmentRequestSchema }),
    milestone: 13,
  }),
  getThreshold: endpoint({
    ...routes.operatorAdjustments.getThreshold,
    summary: 'Adjustments above this amount (baht) need a second operator',
    response: z.object({ threshold: z.number() }),
    milestone: 13,
  }),
  setThreshold: endpoint({
    ...routes.operatorAdjustments.setThreshold,
    summary:
      'Change the four-eyes threshold (baht). Lowering it takes effect at once; raising it waits for a second admin when two active admins exist (decision 0117)',
    body: z.strictObject({ threshold: thresholdSchema }),
    /** `threshold`: the one in effect now (unchanged while a raise waits: `requestId`). */
    response: z.discriminatedUnion('message', [
      z.object({ message: z.literal('SUCCESS'), threshold: z.number(), requestId: z.null() }),
      z.object({
        message: z.literal('PENDING_APPROVAL'),
        threshold: z.number(),
        requestId: z.number().int(),
      }),
    ]),
    milestone: 13,
  }),
};

export const operatorStatuses = ['active', 'inactive'] as const;

export const operatorAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(operatorStatuses),
  /** Whether an authenticator is enrolled (false: enrols at the next sign-in). */
  totpEnrolled: z.boolean(),
  /** The next sign-in must choose a new password (an admin set this one: decision 0117). */
  passwordChangeRequired: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

const operatorParams = z.object({ operatorId: z.coerce.number().int().positive() });
/**
 * A change that would make an active admin, remove one or reset another operator's
 * authenticator waits for a second admin when two active admins exist (decision 0117): the
 * request's id; null when it took effect at once.
 */
const pendingRequestId = z.number().int().nullable();
const displayNameSchema = z.string().trim().min(1).max(64);

export const operatorAccountEndpoints = {
  list: endpoint({
    ...routes.operatorAccounts.list,
    summary: 'Operator accounts',
    query: pageQuerySchema,
    response: pageOf(operatorAccountSchema),
    milestone: 13,
  }),
  create: endpoint({
    ...routes.operatorAccounts.create,
    summary:
      'Create an operator; answers a temporary password, shown once (they enrol an authenticator at first sign-in)',
    body: z.strictObject({
      username: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9._-]{3,32}$/),
      displayName: displayNameSchema,
      role: z.enum(OPERATOR_ROLES),
    }),
    // A new admin starts inactive until a second admin approves (`requestId`).
    response: z.object({
      operator: operatorAccountSchema,
      temporaryPassword: z.string(),
      requestId: pendingRequestId,
    }),
    milestone: 13,
  }),
  update: endpoint({
    ...routes.operatorAccounts.update,
    summary: "Change an operator's display name or role (never your own role)",
    params: operatorParams,
    body: z
      .strictObject({
        displayName: displayNameSchema.optional(),
        role: z.enum(OPERATOR_ROLES).optional(),
      })
      .refine((b) => b.displayName !== undefined || b.role !== undefined, {
        message: 'KEY_MISSING',
      }),
    response: z.object({ operator: operatorAccountSchema, requestId: pendingRequestId }),
    milestone: 13,
  }),
  setStatus: endpoint({
    ...routes.operatorAccounts.setStatus,
    summary: 'Deactivate (ends their sessions) or reactivate an operator (never yourself)',
    params: operatorParams,
    body: z.strictObject({ status: z.enum(operatorStatuses) }),
    response: z.object({
      operator: operatorAccountSchema,
      revoked: z.number().int(),
      requestId: pendingRequestId,
    }),
    milestone: 13,
  }),
  resetPassword: endpoint({
    ...routes.operatorAccounts.resetPassword,
    summary:
      'Give an operator a new temporary password, shown once; ends their sessions; they choose their own at the next sign-in',
    params: operatorParams,
    response: z.object({
      operator: operatorAccountSchema,
      temporaryPassword: z.string(),
      revoked: z.number().int(),
    }),
    milestone: 13,
  }),
  resetTotp: endpoint({
    ...routes.operatorAccounts.resetTotp,
    summary:
      "Forget an operator's authenticator (they enrol again at the next sign-in); ends their sessions. Another operator's waits for a second admin when two active admins exist",
    params: operatorParams,
    response: z.object({
      operator: operatorAccountSchema,
      revoked: z.number().int(),
      requestId: pendingRequestId,
    }),
    milestone: 13,
  }),
  signOut: endpoint({
    ...routes.operatorAccounts.signOut,
    summary: 'Sign an operator out everywhere',
    params: operatorParams,
    response: z.object({ message: z.literal('OK'), revoked: z.number().int() }),
    milestone: 13,
  }),
};
