import { z } from 'zod';
import { bonusTypes, gameCategories } from '../constants';
import { endpoint } from '../endpoint';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from '../money';
import { routes } from '../routes';

// The operator's bonus definitions and promotion codes (issue 12, decision 0071). Amounts
// are baht here, as everywhere at the HTTP edge (>= 0, at most two decimals); the server
// keeps integer satang. The operator console screens come with the console issue.

const text = (max: number) => z.string().max(max);
const localizedSchema = z.strictObject({ th: text(2000), la: text(2000), en: text(2000) });
const baht = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });
const percent = z.number().int().min(0).max(100);
const bonusCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/)
  .transform((c) => c.toUpperCase());
const promotionCode = z
  .string()
  .regex(/^[A-Za-z0-9]{1,32}$/)
  .transform((c) => c.toUpperCase());
const isoTime = z.iso.datetime({ offset: true });

export const operatorBonusSchema = z.strictObject({
  code: bonusCode,
  name: localizedSchema,
  description: localizedSchema,
  banners: z.array(z.strictObject({ image: text(500), html: localizedSchema })).max(10),
  type: z.enum(bonusTypes),
  maxReceived: z.number().int().min(1).max(1000),
  percentFail: percent,
  credit: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('fixed'), amount: baht }),
    z.strictObject({ kind: z.literal('rate'), percent, cap: baht }),
  ]),
  minDeposit: baht,
  turnoverMultiple: z.number().int().min(1).max(10),
  weights: z.strictObject(
    Object.fromEntries(gameCategories.map((c) => [c, percent])) as Record<
      (typeof gameCategories)[number],
      typeof percent
    >,
  ),
  enabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
});
export type OperatorBonus = z.infer<typeof operatorBonusSchema>;

export const operatorPromotionSchema = z.strictObject({
  code: promotionCode,
  bonusCode,
  description: localizedSchema,
  validFrom: isoTime,
  validTo: isoTime.nullable(),
  maxUsesPerMember: z.number().int().min(1).max(1000),
  maxUsesTotal: z.number().int().min(1).max(10_000_000).nullable(),
  enabled: z.boolean(),
});
export type OperatorPromotion = z.infer<typeof operatorPromotionSchema>;

const codeParam = z.object({ code: z.string().min(1).max(32) });
const bonusAnswer = z.object({ ...operatorBonusSchema.shape, code: z.string() });
const promotionAnswer = z.object({
  ...operatorPromotionSchema.shape,
  code: z.string(),
  bonusCode: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  uses: z.number(),
});

export const operatorBonusEndpoints = {
  listBonuses: endpoint({
    ...routes.operatorBonus.listBonuses,
    summary: 'Every bonus definition, switched off ones too',
    response: z.array(bonusAnswer),
    milestone: 5,
  }),
  createBonus: endpoint({
    ...routes.operatorBonus.createBonus,
    summary: 'Create a bonus definition (409 KEY_INVALID when the code exists)',
    body: operatorBonusSchema,
    response: bonusAnswer,
    milestone: 5,
  }),
  updateBonus: endpoint({
    ...routes.operatorBonus.updateBonus,
    summary: "Replace a bonus definition's settings (the code in the path; NO_DATA when unknown)",
    params: codeParam,
    body: operatorBonusSchema.omit({ code: true }),
    response: bonusAnswer,
    milestone: 5,
  }),
  listPromotions: endpoint({
    ...routes.operatorBonus.listPromotions,
    summary: 'Every promotion code with its uses so far',
    response: z.array(promotionAnswer),
    milestone: 5,
  }),
  createPromotion: endpoint({
    ...routes.operatorBonus.createPromotion,
    summary: 'Create a promotion code (NO_DATA when the bonus is unknown)',
    body: operatorPromotionSchema,
    response: promotionAnswer,
    milestone: 5,
  }),
  updatePromotion: endpoint({
    ...routes.operatorBonus.updatePromotion,
    summary: "Replace a promotion code's settings (the code in the path)",
    params: codeParam,
    body: operatorPromotionSchema.omit({ code: true }),
    response: promotionAnswer,
    milestone: 5,
  }),
};
