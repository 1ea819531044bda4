import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OPERATOR_ROLES, routes } from '../routes';
import { operatorStatuses, operatorRefSchema } from './operator-approvals';
import { pageOf, pageQuerySchema } from './operator';

// Four-eyes requests of the approval kernel (decisions 0116, 0117): what one operator asked
// and a second one decides. Every request has the same life cycle and decision fields.

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const decisionFields = {
  id: z.number().int(),
  status: z.enum(approvalStatuses),
  requestedBy: operatorRefSchema,
  requestedAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** A rejection's reason; null otherwise. */
  decisionReason: z.string().nullable(),
};

const payoutAccountSchema = z.object({
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
});

/** An operator's change of a member's payout account, waiting for a second operator. */
export const bankChangeRequestSchema = z.object({
  ...decisionFields,
  /** The member number (`_id`). */
  memberNo: z.string(),
  memberName: z.string(),
  from: payoutAccountSchema,
  to: payoutAccountSchema,
  reason: z.string(),
});
export type BankChangeRequest = z.infer<typeof bankChangeRequestSchema>;

export const controlChangeKinds = ['threshold', 'operator_access', 'totp_reset'] as const;
export type ControlChangeKind = (typeof controlChangeKinds)[number];

/**
 * A change that weakens a control, waiting for a second admin: raising the four-eyes
 * threshold (`threshold`, baht), making an operator an active admin or removing one
 * (`operator_access`: the role and status it sets), resetting another operator's
 * authenticator (`totp_reset`).
 */
export const controlChangeRequestSchema = z.object({
  ...decisionFields,
  kind: z.enum(controlChangeKinds),
  /** The operator account it changes; null for the threshold. */
  operator: operatorRefSchema.nullable(),
  change: z.object({
    /** Baht: the new threshold (`threshold`), and the one in effect when it was asked. */
    threshold: z.number().optional(),
    thresholdBefore: z.number().optional(),
    role: z.enum(OPERATOR_ROLES).optional(),
    status: z.enum(operatorStatuses).optional(),
  }),
});
export type ControlChangeRequest = z.infer<typeof controlChangeRequestSchema>;

const requestParams = z.object({ requestId: z.coerce.number().int().positive() });
const listQuery = pageQuerySchema.extend({
  status: z.enum([...approvalStatuses, 'all']).default('pending'),
});
const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(200) });

export const operatorRequestEndpoints = {
  bankRequests: endpoint({
    ...routes.operatorRequests.bankRequests,
    summary: 'Payout-account changes waiting for a second operator: pending first, oldest first',
    query: listQuery,
    response: pageOf(bankChangeRequestSchema),
    milestone: 13,
  }),
  approveBankRequest: endpoint({
    ...routes.operatorRequests.approveBankRequest,
    summary:
      "Approve a payout-account change (not your own): the member's account changes now, once",
    params: requestParams,
    response: z.object({ message: z.literal('SUCCESS'), request: bankChangeRequestSchema }),
    milestone: 13,
  }),
  rejectBankRequest: endpoint({
    ...routes.operatorRequests.rejectBankRequest,
    summary: 'Reject a payout-account change (not your own), with a reason',
    params: requestParams,
    body: rejectBody,
    response: z.object({ message: z.literal('SUCCESS'), request: bankChangeRequestSchema }),
    milestone: 13,
  }),
  controlRequests: endpoint({
    ...routes.operatorRequests.controlRequests,
    summary: 'Control changes waiting for a second admin: pending first, oldest first',
    query: listQuery,
    response: pageOf(controlChangeRequestSchema),
    milestone: 13,
  }),
  approveControlRequest: endpoint({
    ...routes.operatorRequests.approveControlRequest,
    summary: 'Approve a control change (another admin asked for it): it takes effect now, once',
    params: requestParams,
    response: z.object({ message: z.literal('SUCCESS'), request: controlChangeRequestSchema }),
    milestone: 13,
  }),
  rejectControlRequest: endpoint({
    ...routes.operatorRequests.rejectControlRequest,
    summary: 'Reject a control change (not your own), with a reason',
    params: requestParams,
    body: rejectBody,
    response: z.object({ message: z.literal('SUCCESS'), request: controlChangeRequestSchema }),
    milestone: 13,
  }),
};
