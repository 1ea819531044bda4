import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { providerTransferStatuses, withdrawalStatusValues } from '../statuses';
import { pageOf, pageQuerySchema } from './operator';

// The operator console's withdrawals queue and provider transfers being confirmed (issue 13,
// decision 0090). Amounts are baht here, satang inside. Roles: admin and cashier.

const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

// The withdrawal and provider-transfer statuses: statuses.ts (with what a member is told).
export { withdrawalStatusValues, type WithdrawalStatusValue } from '../statuses';

/**
 * Where the payout stands, from the server's records of the payout rail:
 * - awaiting_decision: WAITING for an operator, nothing sent;
 * - not_sent: REJECTED by an operator, nothing sent;
 * - sending: PROCESSING, the first payout call may still be in flight;
 * - unknown: PROCESSING after a call whose outcome is unknown; the reconciler asks the rail
 *   by our reference (and re-sends that same reference only if the rail never saw it);
 * - paid: the rail paid it; refused: the rail refused it for good, the money went back.
 */
export const payoutStates = [
  'awaiting_decision',
  'not_sent',
  'sending',
  'unknown',
  'paid',
  'refused',
] as const;
export type PayoutState = (typeof payoutStates)[number];

/**
 * Why a withdrawal waits for an operator: over the auto-payout limit, a recent payout-account
 * change, or recent operator credits that pay for it (decision 0116).
 */
export const withdrawalReviewReasons = ['over_limit', 'bank_changed', 'adjustments'] as const;
export type WithdrawalReviewReason = (typeof withdrawalReviewReasons)[number];

const memberRefSchema = z.object({
  /** The member number (`_id` in the member app). */
  memberNo: z.string(),
  name: z.string(),
  /** The member's phone number (their username). */
  phone: z.string(),
});

export const operatorWithdrawalSchema = z.object({
  /** Our reference (`WD…`): the id the decision and retry calls take. */
  id: z.string(),
  member: memberRefSchema,
  /** The account it is paid to (as it was when the member asked). */
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
  amount: z.number(),
  status: z.enum(withdrawalStatusValues),
  /** Why it waited for an operator (withdrawalReviewReasons). */
  reviewReason: z.enum(withdrawalReviewReasons).nullable(),
  createdAt: z.string(),
  /** The deciding operator's username and when; null when paid without a decision. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The deciding operator's reason (the member sees a rejection's reason). */
  reason: z.string().nullable(),
  payout: z.object({
    state: z.enum(payoutStates),
    /** Times a worker took the payout (the first call and each reconciler take). */
    attempts: z.number().int(),
    /** Why the last attempt did not settle it (the rail's last word), or a refusal's reason. */
    lastError: z.string().nullable(),
    /** When the reconciler looks again; null when nothing is left to do. */
    nextAttemptAt: z.string().nullable(),
    settledAt: z.string().nullable(),
  }),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;

export const operatorTransferSchema = z.object({
  /** Our reference (`GT-…`), sent to the provider; the id "ask again" takes. */
  ref: z.string(),
  member: memberRefSchema,
  provider: z.string(),
  /** in: wallet -> game; out: game -> wallet. */
  direction: z.enum(['in', 'out']),
  amount: z.number(),
  /** PENDING while the outcome is open; POSTED (applied) or VOIDED (money back) once settled. */
  status: z.enum(providerTransferStatuses),
  createdAt: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type OperatorTransfer = z.infer<typeof operatorTransferSchema>;

export const operatorWithdrawalsEndpoints = {
  queue: endpoint({
    ...routes.operatorWithdrawals.queue,
    summary:
      'The withdrawals queue: filter by status, member (number or phone) and Bangkok days; WAITING oldest first, the rest newest first',
    query: pageQuerySchema.extend({
      status: z.enum(withdrawalStatusValues).optional(),
      /** A member number or phone number (exact). */
      member: z.string().trim().max(32).optional(),
      /** ISO dates (inclusive), Bangkok days, of when the member asked. */
      from: ymd,
      to: ymd,
    }),
    response: pageOf(operatorWithdrawalSchema),
    milestone: 13,
  }),
  retryPayout: endpoint({
    ...routes.operatorWithdrawals.retryPayout,
    summary:
      'Ask the reconciler to look at a paying (PROCESSING) withdrawal now: it asks the rail by our reference first and never pays twice',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: z.object({ message: z.string(), withdrawal: operatorWithdrawalSchema }),
    milestone: 13,
  }),
};

export const operatorTransfersEndpoints = {
  list: endpoint({
    ...routes.operatorTransfers.list,
    summary:
      'Provider transfers: still being confirmed by the reconciler (open, oldest first) or recently settled (newest first)',
    query: pageQuerySchema.extend({
      state: z.enum(['open', 'settled']).default('open'),
      /** A member number or phone number (exact). */
      member: z.string().trim().max(32).optional(),
      provider: z.string().trim().max(32).optional(),
    }),
    response: pageOf(operatorTransferSchema),
    milestone: 13,
  }),
  askAgain: endpoint({
    ...routes.operatorTransfers.askAgain,
    summary:
      'Ask the provider again about an open transfer: due now for the reconciler (idempotent; the provider is asked by our reference)',
    params: z.object({ ref: z.string().min(1).max(64) }),
    response: z.object({ message: z.string(), transfer: operatorTransferSchema }),
    milestone: 13,
  }),
};
