import { z } from 'zod';
import { endpoint } from '../endpoint';
import { promotionLimits as L } from '../promotion-limits';
import { routes } from '../routes';
import { bahtAmountSchema } from '../money-schema';

// The operator's settings of the invite bonus and the cashback refund (decisions 0071, 0074).
// Amounts in baht at this edge (the server keeps satang); percentages as the rule book names
// them. The console screens arrive with the operator console issue.

const localized = z.strictObject({
  th: z.string().max(L.settingsHtmlMax),
  la: z.string().max(L.settingsHtmlMax),
  en: z.string().max(L.settingsHtmlMax),
});
const banner = z.strictObject({
  image: z.string().min(1).max(L.bannerImageMax),
  html: localized,
});
/** 0-100 with at most two decimals. */
const rate = z
  .number()
  .min(L.percent.min)
  .max(L.percent.max)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, { message: 'KEY_INVALID' });
/** Turnover as a % of the credit: 100 (1x) to 1000 (10x), whole multiples. */
const turnoverPercent = z
  .number()
  .int()
  .min(L.turnoverPercent.min)
  .max(L.turnoverPercent.max)
  .multipleOf(L.turnoverPercentStep);
const failPercent = z.number().int().min(L.percent.min).max(L.percent.max);

export const inviteSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  ratePercent: rate,
  /** Baht: the most one deposit earns the inviter. */
  capPerDeposit: bahtAmountSchema,
  /** Baht: the smallest claimable sum. */
  minimum: bahtAmountSchema,
  successPercent: turnoverPercent,
  failPercent,
  banners: z.array(banner).max(L.settingsBannersMax),
});
export type InviteSettings = z.infer<typeof inviteSettingsSchema>;

export const refundSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  ratePercent: rate,
  /** Baht: the smallest refund received (REFUND_MINIMUM below it). */
  minimum: bahtAmountSchema,
  /** Days from the Monday after a week during which its refund can be received. */
  claimDays: z.number().int().min(L.claimDays.min).max(L.claimDays.max),
  successPercent: turnoverPercent,
  failPercent,
  /** HTML of the refund dialog, per language. */
  info: localized,
  banners: z.array(banner).max(L.settingsBannersMax),
});
export type RefundSettings = z.infer<typeof refundSettingsSchema>;

export const operatorInviteRefundEndpoints = {
  getInvite: endpoint({
    ...routes.operatorInviteRefund.getInvite,
    summary: 'The invite bonus settings',
    response: inviteSettingsSchema,
    milestone: 5,
  }),
  setInvite: endpoint({
    ...routes.operatorInviteRefund.setInvite,
    summary: 'Replace the invite bonus settings',
    body: inviteSettingsSchema,
    response: inviteSettingsSchema,
    milestone: 5,
  }),
  getRefund: endpoint({
    ...routes.operatorInviteRefund.getRefund,
    summary: 'The cashback refund settings',
    response: refundSettingsSchema,
    milestone: 5,
  }),
  setRefund: endpoint({
    ...routes.operatorInviteRefund.setRefund,
    summary: 'Replace the cashback refund settings',
    body: refundSettingsSchema,
    response: refundSettingsSchema,
    milestone: 5,
  }),
};
