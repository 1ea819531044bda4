import { MAX_AMOUNT_BAHT } from '@wallet/contract';
import { z } from 'zod';

export const refSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1 to 64 of A-Z a-z 0-9 _ . : -');

/** Shapes a bank checks before paying: a bank code like KBANK, 6-20 digits like the contract. */
export const bankCodeShape = /^[A-Z][A-Z0-9]{1,15}$/;
export const accountNoShape = /^\d{6,20}$/;

export const payoutBodySchema = z.strictObject({
  ref: refSchema,
  // Loose here; the shapes above answer INVALID_ACCOUNT rather than INVALID_BODY.
  bankCode: z.string().min(1).max(64),
  accountNo: z.string().min(1).max(64),
  accountName: z.string().trim().min(1).max(100),
  amount: z
    .number()
    .int('integer satang, never a fraction')
    .positive()
    .max(MAX_AMOUNT_BAHT * 100),
});

export const payoutParamsSchema = z.object({ ref: refSchema });

export const listPayoutsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  bankCode: z.string().regex(bankCodeShape).optional(),
  accountNo: z.string().regex(accountNoShape).optional(),
});

export const bankFaultsSchema = z.strictObject({
  fail: z.number().min(0).max(1).default(0),
  seed: z.number().int().min(0).max(0xffff_ffff).default(1),
});
