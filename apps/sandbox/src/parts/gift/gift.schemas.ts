import { MAX_AMOUNT_BAHT } from '@wallet/contract';
import { z } from 'zod';

export const mobileSchema = z.string().regex(/^\d{10}$/, 'a 10-digit mobile number');
export const hashSchema = z.string().regex(/^[A-Za-z0-9]{35}$/);

/** At most 30 days; the default is 24 hours. */
export const MAX_VOUCHER_LIFETIME_SECONDS = 30 * 24 * 3600;

export const createVoucherBodySchema = z.strictObject({
  ownerMobile: mobileSchema,
  amount: z
    .number()
    .int('integer satang, never a fraction')
    .positive()
    .max(MAX_AMOUNT_BAHT * 100),
  /** Sandbox extension for expiry tests. */
  expiresInSeconds: z.number().int().min(1).max(MAX_VOUCHER_LIFETIME_SECONDS).optional(),
});

export const redeemBodySchema = z.strictObject({ mobile: mobileSchema });

export const listVouchersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
