import { MAX_AMOUNT_BAHT } from '@wallet/contract';
import { z } from 'zod';

// Request shapes of the QR gateway, transfers and slip-verify APIs
// (docs/decisions/0022-sandbox-qr-gateway-and-webhooks.md, 0023-sandbox-slips-and-gift-vouchers.md).

export const satangSchema = z
  .number()
  .int('integer satang, never a fraction')
  .positive()
  .max(MAX_AMOUNT_BAHT * 100);

/** Our deposit reference; it is ref1 of the PromptPay bill payment. */
export const merchantRefSchema = z.string().regex(/^[A-Z0-9]{6,20}$/, '6-20 of A-Z 0-9');

/** A charge may live at most a week (the server uses 10 minutes). */
export const MAX_CHARGE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export const createChargeBodySchema = z.strictObject({
  merchantRef: merchantRefSchema,
  amount: satangSchema,
  expiresAt: z.iso.datetime({ offset: true }),
  callbackUrl: z.url({ protocol: /^https?$/ }).max(2000),
});

export const gatewayParamsSchema = z.object({ gateway: z.string().max(32) });
export const chargeParamsSchema = z.object({
  gateway: z.string().max(32),
  chargeId: z.string().max(64),
});

export const chargeStatusSchema = z.enum(['OPEN', 'PAID', 'CANCELLED', 'EXPIRED']);

export const listChargesQuerySchema = z.strictObject({
  status: chargeStatusSchema.optional(),
  gateway: z.string().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const payBodySchema = z.strictObject({ payload: z.string().min(1).max(512) });

export const listWebhooksQuerySchema = z.strictObject({
  chargeId: z.string().max(64).optional(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

// ---- transfers and slips ----------------------------------------------------------------

const partySchema = z.strictObject({
  // Loose here; the bank's shapes answer INVALID_ACCOUNT rather than INVALID_BODY.
  bankCode: z.string().min(1).max(64),
  accountNo: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(100),
});

export const transferBodySchema = z.strictObject({
  from: partySchema,
  to: partySchema.extend({ name: z.string().trim().min(1).max(100).optional() }),
  amount: satangSchema,
  at: z.iso.datetime({ offset: true }).optional(),
});

export const listTransfersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const transRefSchema = z.string().regex(/^[A-Za-z0-9]{1,40}$/);

export const verifySlipBodySchema = z.strictObject({
  sendingBank: z.string().regex(/^\d{3}$/, 'a 3-digit bank code'),
  transRef: transRefSchema,
});
