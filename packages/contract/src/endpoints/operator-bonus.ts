import { z } from 'zod';
import { bonusTypes, gameCategories } from '../constants';
import { endpoint } from '../endpoint';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from '../money';
import { promotionLimits as L, type IntRange } from '../promotion-limits';
import { routes } from '../routes';

// The operator's bonus definitions and promotion codes (issue 12, decision 0071). Amounts
// are baht here, as everywhere at the HTTP edge (>= 0, at most two decimals); the server
// keeps integer satang. The operator console screens come with the console issue.

const text = (max: number) => z.string().max(max);
const int = (range: IntRange) => z.number().int().min(range.min).max(range.max);
const localizedSchema = z.strictObject({
  th: text(L.textMax),
  la: text(L.textMax),
  en: text(L.textMax),
});
const baht = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });
const percent = int(L.percent);
const bonusCode = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${L.codeMax}}$`))
  .transform((c) => c.toUpperCase());
const promotionCode = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${L.codeMax}}$`))
  .transform((c) => c.toUpperCase());
const isoTime = z.iso.datetime({ offset: true });

export const operatorBonusSchema = z.strictObject({
  code: bonusCode,
  name: localizedSchema,
  description: localizedSchema,
  banners: z
    .array(z.strictObject({ image: text(L.bannerImageMax), html: localizedSchema }))
    .max(L.bonusBannersMax),
  type: z.enum(bonusTypes),
  maxReceived: int(L.maxReceived),
  percentFail: percent,
  credit: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('fixed'), amount: baht }),
    z.strictObject({ kind: z.literal('rate'), percent, cap: baht }),
  ]),
  minDeposit: baht,
  turnoverMultiple: int(L.turnoverMultiple),
  weights: z.strictObject(
    Object.fromEntries(gameCategories.map((c) => [c, percent])) as Record<
      (typeof gameCategories)[number],
      typeof percent
    >,
  ),
  enabled: z.boolean(),
  sortOrder: int(L.bonusSortOrder),
});
export type OperatorBonus = z.infer<typeof operatorBonusSchema>;

export const operatorPromotionSchema = z.strictObject({
  code: promotionCode,
  bonusCode,
  description: localizedSchema,
  validFrom: isoTime,
  validTo: isoTime.nullable(),
  maxUsesPerMember: int(L.maxUsesPerMember),
  maxUsesTotal: int(L.maxUsesTotal).nullable(),
  enabled: z.boolean(),
});
export type OperatorPromotion = z.infer<typeof operatorPromotionSchema>;

const codeParam = z.object({ code: z.string().min(1).max(L.codeMax) });
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
