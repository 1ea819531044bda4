// Operator settings (the operator_settings table): one zod schema per key. Values are
// validated on read and write, so a bad row fails closed instead of reaching a client.
// Operator content is stored per language (decision 0002) and answered in one.
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
  /** Success / failure percentages shown with the invite bonus (spec "Confirm before moving bonus"). */
  invite: z.object({
    successPercent: z.number().min(0).max(100),
    failPercent: z.number().min(0).max(100),
  }),
  /** 'gone' when the operator flags the site terminated, else null. */
  terminated: z.literal('gone').nullable(),
  /** Coins and coupons (decisions 0071, 0082): one coin per coinPerSatang of a BAHT deposit. */
  spin: z.object({
    coinPerSatang: z.number().int().positive(),
    couponHours: z
      .number()
      .int()
      .positive()
      .max(24 * 366),
  }),
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
  invite: { successPercent: 100, failPercent: 0 },
  terminated: null,
  spin: { coinPerSatang: 10_000, couponHours: 72 },
};
