// Operator settings (the operator_settings table): one zod schema per key. Values are
// validated on read and write, so a bad row fails closed instead of reaching a client.
// Operator content is stored per language (decision 0002) and answered in one.
import { harmSettingsSchema } from '@wallet/contract';
import { z } from 'zod';

export const localizedSchema = z.object({ th: z.string(), la: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

const depositBankSettingSchema = z.object({
  bankCode: z.string(),
  bankType: z.string(),
  mode: z.string(),
  bank: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  bankAccountName: z.string(),
  /** The same account name in Latin letters, shown in Lao and English (decision 0058). */
  bankAccountNameEN: z.string().optional(),
  bankAccountNo: z.string(),
  currency: z.enum(['BAHT', 'LAK']),
});

/** A promotion banner: an image URL and its HTML caption per language. */
export const bannerSettingSchema = z.object({
  image: z.string().min(1).max(500),
  html: localizedSchema,
});
export type BannerSetting = z.infer<typeof bannerSettingSchema>;

/** A percentage rate 0-100 with at most two decimals (applied as basis points). */
const rateSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    message: 'at most two decimals',
  });

/** Turnover as a % of the credit: a whole multiple of 100, from 1x to 10x (decision 0071). */
const turnoverPercentSchema = z.number().int().min(100).max(1000).multipleOf(100);

export const settingSchemas = {
  info: z.object({ name: localizedSchema, website: z.string() }),
  contact: z.object({
    contactText: localizedSchema,
    lineLink: z.string(),
    lineName: z.string(),
    lineQR: z.string().nullable(),
  }),
  conditions: z.array(localizedSchema),
  agreements: z.array(localizedSchema),
  notice: localizedSchema,
  /** Bounds in satang (integers); the lookup converts to baht at the edge. */
  withdraw: z.object({
    withdrawMinSatang: z.number().int().nonnegative(),
    withdrawMaxSatang: z.number().int().nonnegative(),
  }),
  deposit: z.object({
    isManual: z.boolean(),
    banks: z.array(depositBankSettingSchema),
    wallets: z.array(z.object({ mode: z.string(), walletAccountName: z.string() })),
  }),
  slip: z.object({
    uploadWindowMinutes: z.number().int().positive(),
    closedFrom: z.string().nullable(),
    closedTo: z.string().nullable(),
    maxFileBytes: z.number().int().positive(),
  }),
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  /**
   * The invite bonus (decisions 0071, 0074). successPercent: the turnover the claimed bonus
   * requires, as a % of the credit (100 = 1x, a whole multiple up to 10x); failPercent: the
   * grant's percentFail. Both are shown with the bonus (spec "Confirm before moving bonus").
   */
  invite: z.object({
    // Rows stored before issue 12 hold only the two percentages: the rest takes the defaults.
    enabled: z.boolean().default(true),
    /** % of each credited deposit of an invitee, 0-100, at most two decimals. */
    ratePercent: rateSchema.default(5),
    capPerDepositSatang: z.number().int().positive().default(10_000),
    /** The smallest claimable sum (> 0). */
    minimumSatang: z.number().int().positive().default(100),
    successPercent: turnoverPercentSchema,
    failPercent: z.number().int().min(0).max(100),
    banners: z.array(bannerSettingSchema).default([]),
  }),
  /** The cashback refund of each Bangkok week's net loss (decisions 0071, 0074). */
  refund: z.object({
    enabled: z.boolean(),
    ratePercent: rateSchema,
    /** The smallest refund received (> 0: REFUND_MINIMUM). */
    minimumSatang: z.number().int().positive(),
    /** Days from the Monday after a period during which its refund can be received (1-7). */
    claimDays: z.number().int().min(1).max(7),
    successPercent: turnoverPercentSchema,
    failPercent: z.number().int().min(0).max(100),
    /** HTML shown in the refund dialog. */
    info: localizedSchema,
    banners: z.array(bannerSettingSchema),
  }),
  /** 'gone' when the operator flags the site terminated, else null. */
  terminated: z.literal('gone').nullable(),
  /** Bonuses (decision 0071): how old a deposit may be and still qualify for a bonus. */
  bonus: z.object({ depositWindowMinutes: z.number().int().min(1).max(10_080) }),
  /**
   * Coins and coupons (decisions 0071, 0082, 0112): one coin per coinPerSatang of a BAHT
   * deposit, at most maxCoinsPerDay per Bangkok day; a claimed coupon opens a coupon grant
   * whose turnover is successPercent % of the prize (100 = 1x) and whose percentFail is
   * failPercent. Rows stored before 0112 take the defaults.
   */
  spin: z.object({
    coinPerSatang: z.number().int().positive(),
    couponHours: z
      .number()
      .int()
      .positive()
      .max(24 * 366),
    maxCoinsPerDay: z.number().int().min(0).max(1000).default(10),
    successPercent: turnoverPercentSchema.default(100),
    failPercent: z.number().int().min(0).max(100).default(0),
  }),
  /**
   * Four eyes (decision 0089): an operator adjustment above this many satang waits for a
   * second operator's approval; at or below it posts at once.
   */
  adjustmentApprovalThreshold: z.number().int().nonnegative(),
  /**
   * The home's banner carousel (issue 26, decision 0134), in the operator's order: an image
   * and its plain-text alternative per language ('' image: not shown in that language), an
   * optional link (one of the app's pages or an https address), on/off and an optional
   * window (ISO instants, end excluded).
   */
  homeBanners: z.array(
    z.object({
      image: localizedSchema,
      alt: localizedSchema,
      link: z.string().nullable(),
      active: z.boolean(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    }),
  ),
  /** The home's running announcement line (decision 0134): on/off, plain text per language. */
  announcement: z.object({ enabled: z.boolean(), text: localizedSchema }),
  /** The thresholds of the markers of harm (issue 28, decision 0146). */
  harm: harmSettingsSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

const empty: Localized = { th: '', la: '', en: '' };

/** Answers when a setting has never been stored (SEED_DEMO=false on a fresh database). */
export const settingDefaults: { [K in SettingKey]: SettingValue<K> } = {
  info: { name: { th: 'Wallet', la: 'Wallet', en: 'Wallet' }, website: '' },
  contact: { contactText: empty, lineLink: '', lineName: '', lineQR: null },
  conditions: [],
  agreements: [],
  notice: empty,
  withdraw: { withdrawMinSatang: 10_000, withdrawMaxSatang: 5_000_000 },
  deposit: { isManual: false, banks: [], wallets: [] },
  slip: {
    uploadWindowMinutes: 60,
    closedFrom: null,
    closedTo: null,
    maxFileBytes: 10 * 1024 * 1024,
  },
  registerOTP: true,
  enableChatWidget: false,
  invite: {
    enabled: true,
    ratePercent: 5,
    capPerDepositSatang: 10_000,
    minimumSatang: 100,
    successPercent: 100,
    failPercent: 0,
    banners: [],
  },
  refund: {
    enabled: true,
    ratePercent: 5,
    minimumSatang: 100,
    claimDays: 7,
    successPercent: 100,
    failPercent: 0,
    info: empty,
    banners: [],
  },
  terminated: null,
  bonus: { depositWindowMinutes: 60 },
  spin: {
    coinPerSatang: 10_000,
    couponHours: 72,
    maxCoinsPerDay: 10,
    successPercent: 100,
    failPercent: 0,
  },
  adjustmentApprovalThreshold: 100_000,
  homeBanners: [],
  announcement: { enabled: false, text: empty },
  harm: {
    depositAfterLossMinutes: 30,
    depositAfterLossCount: 2,
    depositsPerDay: 5,
    cancelledWithdrawals: 2,
    longSessionHours: 6,
    lateNightNights: 3,
    limitRaises: 3,
  },
};
