import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import {
  bannerSchema,
  bonusItemSchema,
  couponSchema,
  inviteRowSchema,
  messageSchema,
  pageSchema,
  promotionSchema,
  refundCheckSchema,
  refundRowSchema,
  spinResultSchema,
  spinSetupSchema,
  turnoverSchema,
  userBonusSchema,
} from '../entities';

const code = z.object({ code: z.string().min(1).max(32) });

export const bonusEndpoints = {
  list: endpoint({
    ...routes.bonus.list,
    summary: "The member's bonuses",
    response: z.array(bonusItemSchema),
    milestone: 5,
  }),
  activate: endpoint({
    ...routes.bonus.activate,
    summary: 'Activate a bonus',
    params: code,
    response: userBonusSchema,
    milestone: 5,
  }),
  checkActive: endpoint({
    ...routes.bonus.checkActive,
    summary: 'Whether a bonus is active, and its type',
    response: z.object({ status: z.boolean(), type: z.string().nullable() }),
    milestone: 5,
  }),
  checkMinimum: endpoint({
    ...routes.bonus.checkMinimum,
    summary: 'Whether the active bonus may be ended',
    response: z.object({ status: z.boolean() }),
    milestone: 5,
  }),
  clear: endpoint({
    ...routes.bonus.clear,
    summary: 'End the active bonus',
    response: messageSchema,
    milestone: 5,
  }),
  turnover: endpoint({
    ...routes.bonus.turnover,
    summary: "The member's open turnover conditions and their progress (ours, decision 0071)",
    response: turnoverSchema,
    milestone: 5,
  }),
};

export const promotionEndpoints = {
  current: endpoint({
    ...routes.promotion.current,
    summary: 'The active promotion, if any',
    response: promotionSchema.nullable(),
    milestone: 5,
  }),
  find: endpoint({
    ...routes.promotion.find,
    summary: 'Find a promotion by code (upper case); empty object when not found',
    params: code,
    response: z.union([promotionSchema, z.object({})]),
    milestone: 5,
  }),
  activate: endpoint({
    ...routes.promotion.activate,
    summary: 'Activate a promotion by code',
    params: code,
    response: messageSchema,
    milestone: 5,
  }),
};

export const inviteEndpoints = {
  list: endpoint({
    ...routes.invite.list,
    summary: 'Invite bonus log',
    body: pageSchema,
    response: z.object({ total: z.number(), invites: z.array(inviteRowSchema) }),
    milestone: 5,
  }),
  claim: endpoint({
    ...routes.invite.claim,
    summary: 'Move the invite bonus into the wallet',
    response: messageSchema,
    milestone: 5,
  }),
  banners: endpoint({
    ...routes.invite.banners,
    summary: 'Invite banners',
    response: z.array(bannerSchema),
    milestone: 5,
  }),
};

export const refundEndpoints = {
  list: endpoint({
    ...routes.refund.list,
    summary: 'Refund log',
    body: pageSchema,
    response: z.object({ total: z.number(), refunds: z.array(refundRowSchema) }),
    milestone: 5,
  }),
  check: endpoint({
    ...routes.refund.check,
    summary: 'Refund state',
    response: refundCheckSchema,
    milestone: 5,
  }),
  receive: endpoint({
    ...routes.refund.receive,
    summary: 'Receive the refund',
    response: messageSchema,
    milestone: 5,
  }),
  addWallet: endpoint({
    ...routes.refund.addWallet,
    summary: 'Move the received refund into the wallet',
    response: messageSchema,
    milestone: 5,
  }),
  banners: endpoint({
    ...routes.refund.banners,
    summary: 'Refund banners',
    response: z.array(bannerSchema),
    milestone: 5,
  }),
};

export const spinEndpoints = {
  setup: endpoint({
    ...routes.spin.setup,
    summary: 'Active wheel and coin count',
    response: spinSetupSchema,
    milestone: 5,
  }),
  spin: endpoint({
    ...routes.spin.spin,
    summary: 'Spend a coin and spin',
    response: z.object({
      success: z.boolean(),
      result: spinResultSchema.nullable(),
      error: z.string().nullable(),
    }),
    idempotent: true,
    milestone: 5,
  }),
  coupons: endpoint({
    ...routes.spin.coupons,
    summary: 'Won coupons',
    response: z.array(couponSchema),
    milestone: 5,
  }),
  claim: endpoint({
    ...routes.spin.claim,
    summary: 'Claim a coupon',
    body: z.strictObject({ coupon: z.string().min(1).max(64) }),
    response: messageSchema,
    milestone: 5,
  }),
  active: endpoint({
    ...routes.spin.active,
    summary: 'Whether a spin wheel is active',
    response: z.object({ active: z.boolean() }),
    milestone: 5,
  }),
};
