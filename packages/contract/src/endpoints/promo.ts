import { z } from 'zod';
import { endpoint } from '../endpoint';
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
  userBonusSchema,
} from '../entities';

const code = z.object({ code: z.string().min(1).max(32) });

export const bonusEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/bonus',
    access: 'member',
    summary: "The member's bonuses",
    response: z.array(bonusItemSchema),
    milestone: 5,
  }),
  activate: endpoint({
    method: 'GET',
    path: '/api/bonus/activate/:code',
    access: 'member',
    summary: 'Activate a bonus',
    params: code,
    response: userBonusSchema,
    milestone: 5,
  }),
  checkActive: endpoint({
    method: 'GET',
    path: '/api/bonus/check/active',
    access: 'member',
    summary: 'Whether a bonus is active, and its type',
    response: z.object({ status: z.boolean(), type: z.string().nullable() }),
    milestone: 5,
  }),
  checkMinimum: endpoint({
    method: 'GET',
    path: '/api/bonus/check/minimum',
    access: 'member',
    summary: 'Whether the active bonus may be ended',
    response: z.object({ status: z.boolean() }),
    milestone: 5,
  }),
  clear: endpoint({
    method: 'GET',
    path: '/api/bonus/clear',
    access: 'member',
    summary: 'End the active bonus',
    response: messageSchema,
    milestone: 5,
  }),
};

export const promotionEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/promotion/current',
    access: 'member',
    summary: 'The active promotion, if any',
    response: promotionSchema.nullable(),
    milestone: 5,
  }),
  find: endpoint({
    method: 'GET',
    path: '/api/promotion/find/:code',
    access: 'member',
    summary: 'Find a promotion by code (upper case); empty object when not found',
    params: code,
    response: z.union([promotionSchema, z.object({})]),
    milestone: 5,
  }),
  activate: endpoint({
    method: 'GET',
    path: '/api/promotion/activate/:code',
    access: 'member',
    summary: 'Activate a promotion by code',
    params: code,
    response: messageSchema,
    milestone: 5,
  }),
};

export const inviteEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/api/invite',
    access: 'member',
    summary: 'Invite bonus log',
    body: pageSchema,
    response: z.object({ total: z.number(), invites: z.array(inviteRowSchema) }),
    milestone: 5,
  }),
  claim: endpoint({
    method: 'GET',
    path: '/api/invite/bonus',
    access: 'member',
    summary: 'Move the invite bonus into the wallet',
    response: messageSchema,
    milestone: 5,
  }),
  banners: endpoint({
    method: 'GET',
    path: '/api/invite/banners',
    access: 'member',
    summary: 'Invite banners',
    response: z.array(bannerSchema),
    milestone: 5,
  }),
};

export const refundEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/api/refund',
    access: 'member',
    summary: 'Refund log',
    body: pageSchema,
    response: z.object({ total: z.number(), refunds: z.array(refundRowSchema) }),
    milestone: 5,
  }),
  check: endpoint({
    method: 'GET',
    path: '/api/refund/check',
    access: 'member',
    summary: 'Refund state',
    response: refundCheckSchema,
    milestone: 5,
  }),
  receive: endpoint({
    method: 'GET',
    path: '/api/refund/receive',
    access: 'member',
    summary: 'Receive the refund',
    response: messageSchema,
    milestone: 5,
  }),
  addWallet: endpoint({
    method: 'GET',
    path: '/api/refund/addWallet',
    access: 'member',
    summary: 'Move the received refund into the wallet',
    response: messageSchema,
    milestone: 5,
  }),
  banners: endpoint({
    method: 'GET',
    path: '/api/refund/banners',
    access: 'member',
    summary: 'Refund banners',
    response: z.array(bannerSchema),
    milestone: 5,
  }),
};

export const spinEndpoints = {
  setup: endpoint({
    method: 'GET',
    path: '/api/spinwheel/setup',
    access: 'member',
    summary: 'Active wheel and coin count',
    response: spinSetupSchema,
    milestone: 5,
  }),
  spin: endpoint({
    method: 'POST',
    path: '/api/spinwheel/spin',
    access: 'member',
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
    method: 'GET',
    path: '/api/spinwheel/coupon',
    access: 'member',
    summary: 'Won coupons',
    response: z.array(couponSchema),
    milestone: 5,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/spinwheel/coupon/claim',
    access: 'member',
    summary: 'Claim a coupon',
    body: z.strictObject({ coupon: z.string().min(1).max(64) }),
    response: messageSchema,
    idempotent: true,
    milestone: 5,
  }),
  active: endpoint({
    method: 'GET',
    path: '/api/spinwheel/active',
    access: 'member',
    summary: 'Whether a spin wheel is active',
    response: z.object({ active: z.boolean() }),
    milestone: 5,
  }),
};
