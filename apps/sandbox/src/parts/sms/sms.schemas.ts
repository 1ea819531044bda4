import { z } from 'zod';

// Phone numbers as the product stores them: digits, optionally with a leading +
// (Thai 10-digit mobiles, Lao numbers, international form).
export const phoneSchema = z.string().regex(/^\+?[0-9]{6,15}$/, 'digits only, 6 to 15 of them');

export const SMS_TEXT_MAX = 1000;

export const sendSmsBodySchema = z.strictObject({
  to: phoneSchema,
  text: z.string().min(1).max(SMS_TEXT_MAX),
});
export type SendSmsBody = z.infer<typeof sendSmsBodySchema>;

export const listSmsQuerySchema = z.strictObject({
  to: phoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type ListSmsQuery = z.infer<typeof listSmsQuerySchema>;

export const inboxQuerySchema = z.strictObject({
  to: z.union([phoneSchema, z.literal('')]).optional(),
});

/** The product's OTP text reads `OTP 123456 (ref ABCD). ...` (docs/decisions/0002). */
export function extractOtp(text: string): { code: string; ref: string | null } | null {
  const code = /OTP (\d{6})/.exec(text)?.[1];
  if (code === undefined) return null;
  return { code, ref: /\(ref ([A-Z]{4})\)/.exec(text)?.[1] ?? null };
}
