import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { messageSchema, qrStateSchema } from '../entities';
import { bahtAmountSchema } from '../money-schema';

export const qrEndpoints = {
  get: endpoint({
    ...routes.qr.get,
    summary: 'Current QR state for a gateway bank',
    params: z.object({ bankCode: z.string().min(1).max(16) }),
    response: qrStateSchema,
    milestone: 4,
  }),
  create: endpoint({
    ...routes.qr.create,
    summary: 'Create a PromptPay QR for an amount',
    params: z.object({ bankCode: z.string().min(1).max(16) }),
    body: z.strictObject({ amount: bahtAmountSchema }),
    response: qrStateSchema,
    milestone: 4,
  }),
  cancel: endpoint({
    ...routes.qr.cancel,
    summary: 'Cancel a QR',
    params: z.object({ qrcodeId: z.string().min(1).max(64) }),
    response: messageSchema,
    milestone: 4,
  }),
};
