import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { pageOf, pageQuerySchema } from './operator';

// What the console's promotions section reads besides the promotions API of issue 12
// (issue 13, decision 0092): how often each bonus and promotion code was received and what
// it paid, who used a promotion code, and the spin coupons as a searchable page. Amounts are
// baht (the server keeps satang). Reads only: nothing here changes anything.

/** How one bonus definition or promotion code has been used so far. */
export const promotionUsageSchema = z.object({
  code: z.string(),
  /** Grants opened (times received). */
  received: z.number().int(),
  /** Different members who received it. */
  members: z.number().int(),
  /** Baht credited by those grants in total. */
  paid: z.number(),
  /** Grants still open (turnover not yet met). */
  open: z.number().int(),
});
export type PromotionUsage = z.infer<typeof promotionUsageSchema>;

export const promotionUseSchema = z.object({
  /** The member number. */
  memberId: z.string(),
  /** The member's own use number of this code (1 = first). */
  useNo: z.number().int(),
  /** The use number of this code over all members. */
  totalNo: z.number().int(),
  /** Baht the grant credited. */
  credited: z.number(),
  /** The grant's state: open, met, cleared, forfeited, ... */
  status: z.string(),
  createdAt: z.string(),
});
export type PromotionUse = z.infer<typeof promotionUseSchema>;

export const COUPON_STATES = ['open', 'claimed', 'expired'] as const;

export const operatorCouponSchema = z.object({
  _id: z.string(),
  memberId: z.string(),
  sliceCode: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  /** open: claimable now; claimed; expired: not claimed in time. */
  status: z.enum(COUPON_STATES),
});
export type OperatorCoupon = z.infer<typeof operatorCouponSchema>;

export const operatorPromotionsEndpoints = {
  usage: endpoint({
    ...routes.operatorPromotions.usage,
    summary:
      'How often each bonus definition and each promotion code was received, by how many members, and what it paid',
    response: z.object({
      bonuses: z.array(promotionUsageSchema),
      promotions: z.array(promotionUsageSchema),
    }),
    milestone: 13,
  }),
  promotionUses: endpoint({
    ...routes.operatorPromotions.promotionUses,
    summary: "A promotion code's uses, newest first (NO_DATA when the code is unknown)",
    params: z.object({ code: z.string().min(1).max(32) }),
    query: pageQuerySchema,
    response: pageOf(promotionUseSchema),
    milestone: 13,
  }),
  coupons: endpoint({
    ...routes.operatorPromotions.coupons,
    summary: 'Spin coupons, newest first, by member number and state',
    query: pageQuerySchema.extend({
      /** The member number (exact). */
      member: z
        .string()
        .trim()
        .regex(/^[0-9]{1,12}$/)
        .optional(),
      status: z.enum(COUPON_STATES).optional(),
    }),
    response: pageOf(operatorCouponSchema),
    milestone: 13,
  }),
};
