import { z } from 'zod';
import { currencies } from '../constants';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { bahtAmountSchema } from '../money-schema';

// The operator's settings (issue 13, decision 0093): every lookup's content in th/la/en
// (marketing and admin) and the money and site settings (admin). Each change takes effect at
// the next /api/lookup/* answer and is audited (target `setting:<key>`, before and after).
// Amounts in baht at this edge; the server keeps satang. A bad field answers KEY_MISSING or
// KEY_INVALID. HTML fields are sanitised by the server with the member app's allowlist
// before they are stored (@wallet/contract/html-allowlist): the answer is what was kept.

/** A line of plain text per language (shown as text, never as HTML). */
const localizedText = (max: number, min = 0) =>
  z.strictObject({
    th: z.string().trim().min(min).max(max),
    la: z.string().trim().min(min).max(max),
    en: z.string().trim().min(min).max(max),
  });
/** Operator HTML per language, sanitised before it is stored. */
const localizedHtml = z.strictObject({
  th: z.string().max(20_000),
  la: z.string().max(20_000),
  en: z.string().max(20_000),
});
const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s<>"]+$/i, 'KEY_INVALID');
/** '' for none. */
const optionalHttpUrl = z.union([z.literal(''), httpUrl]);
/** An image the member app may show: http(s) or a same-origin path. */
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^\s<>"]+|\/(?!\/)[^\s<>"]*)$/i, 'KEY_INVALID');
/** HH:mm, 24-hour, Asia/Bangkok. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'KEY_INVALID');

export const infoSettingSchema = z.strictObject({
  name: localizedText(100, 1),
  website: optionalHttpUrl,
});
export const contactSettingSchema = z.strictObject({
  contactText: localizedHtml,
  lineLink: optionalHttpUrl,
  lineName: z.string().trim().max(100),
  lineQR: imageUrl.nullable(),
});
export const htmlListSettingSchema = z.array(localizedHtml).max(50);
/** Plain text; `%percentFail%` is replaced by the member app. */
export const noticeSettingSchema = localizedText(2_000);

// Answers: what is stored, checked loosely (a value stored before these rules still reads).
const loc = z.object({ th: z.string(), la: z.string(), en: z.string() });
const infoAnswer = z.object({ name: loc, website: z.string() });
const contactAnswer = z.object({
  contactText: loc,
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string().nullable(),
});
export const contentSettingsSchema = z.object({
  info: infoAnswer,
  contact: contactAnswer,
  conditions: z.array(loc),
  agreements: z.array(loc),
  notice: loc,
});
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

const code = z.string().regex(/^[A-Z0-9_]{2,20}$/, 'KEY_INVALID');
export const depositSettingSchema = z
  .strictObject({
    /** Deposits are credited by hand (the member app's manual flow). */
    isManual: z.boolean(),
    banks: z
      .array(
        z.strictObject({
          bankCode: code,
          /** PAYMENT marks a payment gateway (QR). */
          bankType: z.enum(['BANK', 'PAYMENT']),
          mode: code,
          bank: localizedText(100, 1),
          bankAccountName: z.string().trim().min(1).max(100),
          /** The account name in Latin letters, shown in Lao and English (decision 0058). */
          bankAccountNameEN: z.string().trim().min(1).max(100).optional(),
          bankAccountNo: z.string().regex(/^[A-Za-z0-9-]{4,30}$/, 'KEY_INVALID'),
          currency: z.enum(currencies),
        }),
      )
      .max(20),
    wallets: z
      .array(
        z.strictObject({
          mode: z.string().trim().min(1).max(20),
          walletAccountName: z.string().trim().min(1).max(100),
        }),
      )
      .max(10),
  })
  .refine(
    (value) =>
      new Set(value.banks.map((b) => `${b.bankCode}:${b.bankAccountNo}`)).size ===
      value.banks.length,
    { message: 'KEY_INVALID', path: ['banks'] },
  );
export type DepositSetting = z.infer<typeof depositSettingSchema>;

export const withdrawSettingSchema = z
  .strictObject({ withdrawMin: bahtAmountSchema, withdrawMax: bahtAmountSchema })
  .refine((value) => value.withdrawMin <= value.withdrawMax, {
    message: 'KEY_INVALID',
    path: ['withdrawMax'],
  });
export type WithdrawSetting = z.infer<typeof withdrawSettingSchema>;

export const slipSettingSchema = z
  .strictObject({
    /** A slip must be uploaded within this many minutes of the transfer (1 minute to 7 days). */
    uploadWindowMinutes: z.number().int().min(1).max(10_080),
    /** The daily window closed to uploads, both ends or neither. */
    closedFrom: clockTime.nullable(),
    closedTo: clockTime.nullable(),
    /** 100 KB to 10 MB (the spec's image limit). */
    maxFileBytes: z
      .number()
      .int()
      .min(100 * 1024)
      .max(10 * 1024 * 1024),
  })
  .refine(
    (value) =>
      (value.closedFrom === null) === (value.closedTo === null) &&
      (value.closedFrom === null || value.closedFrom !== value.closedTo),
    { message: 'KEY_INVALID', path: ['closedTo'] },
  );
export type SlipSetting = z.infer<typeof slipSettingSchema>;

export const chatSettingSchema = z.strictObject({ enableChatWidget: z.boolean() });

export const depositSettingAnswerSchema = z.object({
  isManual: z.boolean(),
  banks: z.array(
    z.object({
      bankCode: z.string(),
      bankType: z.string(),
      mode: z.string(),
      bank: loc,
      bankAccountName: z.string(),
      bankAccountNameEN: z.string().optional(),
      bankAccountNo: z.string(),
      currency: z.enum(currencies),
    }),
  ),
  wallets: z.array(z.object({ mode: z.string(), walletAccountName: z.string() })),
});
export const withdrawSettingAnswerSchema = z.object({
  withdrawMin: z.number(),
  withdrawMax: z.number(),
});
export const slipSettingAnswerSchema = z.object({
  uploadWindowMinutes: z.number(),
  closedFrom: z.string().nullable(),
  closedTo: z.string().nullable(),
  maxFileBytes: z.number(),
});

export const siteSettingsSchema = z.object({
  deposit: depositSettingAnswerSchema,
  withdraw: withdrawSettingAnswerSchema,
  slip: slipSettingAnswerSchema,
  enableChatWidget: z.boolean(),
  registerOTP: z.boolean(),
  terminated: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The last audited change of a setting: who and when (null: never changed here). */
const lastChangeSchema = z.object({ operator: z.string().nullable(), at: z.string() }).nullable();
export type SettingLastChange = z.infer<typeof lastChangeSchema>;
export const contentSettingKeys = [
  'info',
  'contact',
  'conditions',
  'agreements',
  'notice',
] as const;
export const siteSettingKeys = [
  'deposit',
  'withdraw',
  'slip',
  'enableChatWidget',
  'registerOTP',
  'terminated',
] as const;
const changesOf = <const K extends readonly string[]>(keys: K) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, lastChangeSchema])) as {
      [P in K[number]]: typeof lastChangeSchema;
    },
  );

export const operatorSettingsEndpoints = {
  getContent: endpoint({
    ...routes.operatorSettings.getContent,
    summary: "Every lookup's content in th/la/en, with each setting's last change",
    response: z.object({
      settings: contentSettingsSchema,
      changes: changesOf(contentSettingKeys),
    }),
    milestone: 13,
  }),
  setInfo: endpoint({
    ...routes.operatorSettings.setInfo,
    summary: 'Replace the operator name and website (/api/lookup/info)',
    body: infoSettingSchema,
    response: infoAnswer,
    milestone: 13,
  }),
  setContact: endpoint({
    ...routes.operatorSettings.setContact,
    summary: 'Replace the contact page content (/api/lookup/contact); the HTML is sanitised',
    body: contactSettingSchema,
    response: contactAnswer,
    milestone: 13,
  }),
  setConditions: endpoint({
    ...routes.operatorSettings.setConditions,
    summary: 'Replace the conditions (/api/lookup/conditions); the HTML is sanitised',
    body: z.strictObject({ conditions: htmlListSettingSchema }),
    response: z.object({ conditions: z.array(loc) }),
    milestone: 13,
  }),
  setAgreements: endpoint({
    ...routes.operatorSettings.setAgreements,
    summary: 'Replace the user agreement (/api/lookup/agreements); the HTML is sanitised',
    body: z.strictObject({ agreements: htmlListSettingSchema }),
    response: z.object({ agreements: z.array(loc) }),
    milestone: 13,
  }),
  setNotice: endpoint({
    ...routes.operatorSettings.setNotice,
    summary: 'Replace the bonus notice (/api/lookup/notice), plain text',
    body: z.strictObject({ notice: noticeSettingSchema }),
    response: z.object({ notice: loc }),
    milestone: 13,
  }),
  getSite: endpoint({
    ...routes.operatorSettings.getSite,
    summary:
      'The money and site settings (deposit accounts, withdraw limits, slip window, chat, registration OTP, terminated), with each one’s last change',
    response: z.object({ settings: siteSettingsSchema, changes: changesOf(siteSettingKeys) }),
    milestone: 13,
  }),
  setDeposit: endpoint({
    ...routes.operatorSettings.setDeposit,
    summary: "Replace the operator's receiving banks and wallets (/api/lookup/deposit)",
    body: depositSettingSchema,
    response: depositSettingAnswerSchema,
    milestone: 13,
  }),
  setWithdraw: endpoint({
    ...routes.operatorSettings.setWithdraw,
    summary: 'Replace the withdraw limits in baht (/api/lookup/withdraw)',
    body: withdrawSettingSchema,
    response: withdrawSettingAnswerSchema,
    milestone: 13,
  }),
  setSlip: endpoint({
    ...routes.operatorSettings.setSlip,
    summary: 'Replace the slip upload rules (/api/lookup/slip)',
    body: slipSettingSchema,
    response: slipSettingAnswerSchema,
    milestone: 13,
  }),
  setChat: endpoint({
    ...routes.operatorSettings.setChat,
    summary: 'Turn the chat widget on or off (/api/lookup/enableChatWidget)',
    body: chatSettingSchema,
    response: chatSettingSchema,
    milestone: 13,
  }),
};
