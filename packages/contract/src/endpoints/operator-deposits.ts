import { z } from 'zod';
import { endpoint } from '../endpoint';
import { slipReasonCodes } from '../errors';
import { bahtAmountSchema, bahtFigureSchema } from '../money-schema';
import { routes } from '../routes';
import {
  giftStatuses,
  operatorQrStatuses,
  operatorSlipStates,
  type OperatorSlipState,
} from '../statuses';
import { pageOf, pageQuerySchema } from './operator';

// The console's deposits section (issue 13, decision 0091): QR deposits, bank slips (the
// review of the ones the rules could not decide) and gift links. Money in answers is baht.

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

/** Shared filters of the three lists: a member (number or phone) and Bangkok days. */
const depositListQuery = pageQuerySchema.extend({
  /** The member number or the member's phone (exact). */
  member: z.string().trim().min(1).max(32).optional(),
  /** ISO dates (inclusive), Bangkok days, on the creation time. */
  from: isoDay,
  to: isoDay,
});

// The QR, gift-link and slip statuses: statuses.ts (with what a member is told of each).
export { giftStatuses, operatorQrStatuses, operatorSlipStates, type OperatorSlipState };

export const operatorQrRowSchema = z.object({
  /** Our reference: the QR's ref1, the member's `qrcodeId`, the statement row's. */
  reference: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  gateway: z.string(),
  amount: bahtFigureSchema,
  status: z.enum(operatorQrStatuses),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The gateway's transaction id of the payment. */
  gatewayTxnId: z.string().nullable(),
  /** What went wrong last (gateway errors, review notes). */
  lastError: z.string().nullable(),
});
export type OperatorQrRow = z.infer<typeof operatorQrRowSchema>;

/**
 * Why a held slip waits for an operator (decisions 0044, 0124): the sender's name only partly
 * matches; the member's payout account changed lately; it was registered lately and is not
 * trusted yet; another member's registered account fits the sender too.
 */
export const slipReviewCauses = [
  'NAME_PARTIAL',
  'ACCOUNT_CHANGED',
  'NEW_ACCOUNT',
  'OTHER_MEMBERS_MATCH',
] as const;

/**
 * How a member's payout account became trusted (decision 0124): the first payout the bank paid
 * to it, or an operator's approval of a held slip of it.
 */
export const accountTrustCauses = ['payout', 'slip_approved'] as const;

/** The reason codes an operator may refuse a slip with (spec section 8's slip table). */
export const slipRejectCodes = [
  'NOT_MATCH',
  'INVALID_SLIP',
  'EXPIRED_SLIP',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
] as const satisfies readonly (typeof slipReasonCodes)[number][];

const partySchema = z.object({
  bankCode: z.string(),
  /** As the bank shows it (masked for the sender). */
  accountNo: z.string(),
  name: z.string().nullable(),
});

/** Another member whose registered account could have sent the slip (decision 0124). */
export const slipOtherMatchSchema = z.object({
  memberNo: z.string(),
  memberName: z.string(),
  /** Their registered payout account. */
  registered: partySchema,
  registeredAt: z.string(),
  /** Whether their current payout account is trusted. */
  trusted: z.boolean(),
  /** Their own upload of the same bank transfer, if any (the newest). */
  slip: z.object({ reference: z.string(), state: z.enum(operatorSlipStates) }).nullable(),
});
export type SlipOtherMatch = z.infer<typeof slipOtherMatchSchema>;

export const operatorSlipRowSchema = z.object({
  /** Our slip reference (`SL...`). */
  reference: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  state: z.enum(operatorSlipStates),
  /** The amount the bank verified (0 while unknown). */
  amount: bahtFigureSchema,
  /** What was credited when it differs from the amount read (an operator's correction). */
  creditedAmount: bahtFigureSchema.nullable(),
  /** The 3-digit sending bank and its transaction reference, from the slip's mini-QR. */
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  transferredAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** A failed slip's reason code (spec section 8). */
  reason: z.enum(slipReasonCodes).nullable(),
  /** Why a slip in review is held. */
  reviewCause: z.enum(slipReviewCauses).nullable(),
  /** The bank's sender and receiver (recorded from this issue on; null on older slips). */
  sender: partySchema.nullable(),
  receiver: partySchema.nullable(),
  /** The member's registered payout account, to compare with the sender. */
  registered: partySchema,
  /** When the member registered. */
  memberRegisteredAt: z.string(),
  /** How the member's current payout account became trusted; null when it is not. */
  memberTrust: z.object({ cause: z.enum(accountTrustCauses), at: z.string() }).nullable(),
  /**
   * For a slip in review: the other members whose registered account could have sent it (the
   * sender's bank, the visible digits, a name that is not another person's); empty otherwise.
   */
  otherMatches: z.array(slipOtherMatchSchema),
  /** The operator who decided it, the time and their reason; null when the rules did. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /**
   * A short-lived signed link to the image, for this operator only (decision 0091); null
   * when the image is gone (failed slips past their retention).
   */
  image: z.string().nullable(),
});
export type OperatorSlipRow = z.infer<typeof operatorSlipRowSchema>;

export const operatorGiftRowSchema = z.object({
  reference: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  amount: bahtFigureSchema,
  status: z.enum(giftStatuses),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
  /** Why it failed or waits (the issuer's answer, or ours). */
  failureReason: z.string().nullable(),
});
export type OperatorGiftRow = z.infer<typeof operatorGiftRowSchema>;

const slipRefParams = z.object({ reference: z.string().regex(/^SL[0-9A-F]{20}$/) });

export const operatorDepositsEndpoints = {
  qr: endpoint({
    ...routes.operatorDeposits.qr,
    summary: 'QR deposits, newest first, by status, member and day',
    query: depositListQuery.extend({ status: z.enum(operatorQrStatuses).optional() }),
    response: pageOf(operatorQrRowSchema),
    milestone: 13,
  }),
  slips: endpoint({
    ...routes.operatorDeposits.slips,
    summary:
      'Bank slips by state (the ones held for review first: oldest first), with the rules’ findings and a signed image link',
    query: depositListQuery.extend({
      state: z.enum(operatorSlipStates).optional(),
    }),
    response: pageOf(operatorSlipRowSchema),
    milestone: 13,
  }),
  approveSlip: endpoint({
    ...routes.operatorDeposits.approveSlip,
    summary:
      'Credit a slip held for review, once: the amount read, or a lower corrected amount with a reason',
    params: slipRefParams,
    body: z.strictObject({
      /** Baht; leave out to credit the amount the bank verified. */
      amount: bahtAmountSchema.optional(),
      /** Required with a corrected amount. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    response: operatorSlipRowSchema,
    idempotent: true,
    milestone: 13,
  }),
  rejectSlip: endpoint({
    ...routes.operatorDeposits.rejectSlip,
    summary: 'Refuse a slip held for review, with a reason code and a note the member sees',
    params: slipRefParams,
    body: z.strictObject({
      code: z.enum(slipRejectCodes),
      note: z.string().trim().min(1).max(200),
    }),
    response: operatorSlipRowSchema,
    milestone: 13,
  }),
  giftLinks: endpoint({
    ...routes.operatorDeposits.giftLinks,
    summary: 'Gift-link deposits, newest first, by status, member and day',
    query: depositListQuery.extend({ status: z.enum(giftStatuses).optional() }),
    response: pageOf(operatorGiftRowSchema),
    milestone: 13,
  }),
};
