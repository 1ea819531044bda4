import { z } from 'zod';
import { endpoint } from '../endpoint';
import { promotionLimits as L, type IntRange } from '../promotion-limits';
import { routes } from '../routes';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from '../money';

// The operator's spin wheel API (decisions 0071, 0082): wheels, their slices, the coupons
// members won, and the coin and coupon settings. The console screens come later; tests and
// the sandbox pages call these directly. Amounts are baht here, satang inside.

const localized = (max: number) =>
  z.strictObject({
    th: z.string().trim().min(1).max(max),
    la: z.string().trim().min(1).max(max),
    en: z.string().trim().min(1).max(max),
  });
const int = (range: IntRange) => z.number().int().min(range.min).max(range.max);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A prize in baht: 0 (no prize) or a positive amount with at most 2 decimals. */
const prizeBaht = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });

/**
 * Coins and coupons (decisions 0082, 0112): baht of deposit per coin, coupon lifetime, the
 * coins a member can earn per Bangkok day, and the coupon grant's turnover (% of the prize,
 * 100 = 1x) and percentFail.
 */
const spinSettingsSchema = z.object({
  coinPer: z.number(),
  couponHours: z.number(),
  maxCoinsPerDay: z.number(),
  turnoverPercent: z.number(),
  failPercent: z.number(),
});

export const SPIN_MAX_SLICES = L.wheelSlicesMax;
export const SPIN_MAX_WEIGHT = L.sliceWeight.max;

const sliceInput = {
  code: z.string().regex(/^[A-Z0-9_-]{1,32}$/),
  label: localized(L.sliceLabelMax),
  bgColor: color,
  textColor: color,
  htmlDescription: localized(L.textMax),
  weight: int(L.sliceWeight),
  prize: prizeBaht,
  sortOrder: int(L.sliceSortOrder),
};

export const operatorSliceSchema = z.object({
  _id: z.string(),
  code: z.string(),
  label: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  weight: z.number(),
  prize: z.number(),
  sortOrder: z.number(),
});
export const operatorWheelSchema = z.object({
  _id: z.string(),
  name: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  active: z.boolean(),
  slices: z.array(operatorSliceSchema),
});
export type OperatorWheel = z.infer<typeof operatorWheelSchema>;

const wheelId = z.object({ wheelId: z.string().regex(/^[0-9]{1,12}$/) });
const sliceId = z.object({ sliceId: z.string().regex(/^[0-9]{1,12}$/) });

export const operatorSpinEndpoints = {
  wheels: endpoint({
    ...routes.operatorSpin.wheels,
    summary: 'Spin wheels with their slices',
    response: z.array(operatorWheelSchema),
    milestone: 5,
  }),
  createWheel: endpoint({
    ...routes.operatorSpin.createWheel,
    summary: 'Create a spin wheel (active: the one members spin; any other is switched off)',
    body: z.strictObject({ name: localized(L.wheelNameMax), active: z.boolean() }),
    response: operatorWheelSchema,
    milestone: 5,
  }),
  updateWheel: endpoint({
    ...routes.operatorSpin.updateWheel,
    summary: 'Rename a wheel or switch it on or off',
    params: wheelId,
    body: z.strictObject({
      name: localized(L.wheelNameMax).optional(),
      active: z.boolean().optional(),
    }),
    response: operatorWheelSchema,
    milestone: 5,
  }),
  createSlice: endpoint({
    ...routes.operatorSpin.createSlice,
    summary: 'Add a slice to a wheel',
    params: wheelId,
    body: z.strictObject(sliceInput),
    response: operatorWheelSchema,
    milestone: 5,
  }),
  updateSlice: endpoint({
    ...routes.operatorSpin.updateSlice,
    summary: 'Change a slice (coupons already won keep their amount)',
    params: sliceId,
    body: z.strictObject(sliceInput).partial(),
    response: operatorWheelSchema,
    milestone: 5,
  }),
  coupons: endpoint({
    ...routes.operatorSpin.coupons,
    summary: 'The latest coupons won (at most 200), claimed or not',
    response: z.array(
      z.object({
        _id: z.string(),
        memberId: z.string(),
        sliceCode: z.string(),
        amount: z.number(),
        createdAt: z.string(),
        expiresAt: z.string(),
        claimedAt: z.string().nullable(),
      }),
    ),
    milestone: 5,
  }),
  settings: endpoint({
    ...routes.operatorSpin.settings,
    summary: 'Coin and coupon settings',
    response: spinSettingsSchema,
    milestone: 5,
  }),
  setSettings: endpoint({
    ...routes.operatorSpin.setSettings,
    summary: 'Set how much deposit earns a coin (baht) and how long coupons last (hours)',
    body: z.strictObject({
      coinPer: z
        .number()
        .min(0.01)
        .max(MAX_AMOUNT_BAHT)
        .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' }),
      couponHours: int(L.couponHours),
      // Decision 0112; left out: unchanged.
      maxCoinsPerDay: int(L.maxCoinsPerDay).optional(),
      turnoverPercent: int(L.turnoverPercent).multipleOf(L.turnoverPercentStep).optional(),
      failPercent: int(L.percent).optional(),
    }),
    response: spinSettingsSchema,
    milestone: 5,
  }),
};
