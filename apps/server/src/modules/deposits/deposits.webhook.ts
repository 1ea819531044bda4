// POST /api/webhooks/qr/:gateway: the QR gateways' `charge.paid` webhook (decision 0024).
// Not a member call: no X-Wallet-User, no token, not stopped by 'gone' (auth and site
// hooks exempt /api/webhooks/). Its own JSON parser keeps the raw body, because the HMAC
// covers the exact bytes sent. Order: timestamp window and signature (constant time), then
// the body, then the credit, idempotent on (gateway, txnId). The amount credited is our
// QR row's; the webhook's figure must equal it.
import { qrGatewayCodes } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkWebhookSignature } from './deposits.crypto';
import { WebhookError } from './deposits.errors';
import { creditQrPayment } from './deposits.qr';

const WEBHOOK_BODY_LIMIT = 16 * 1024;

const paidEventSchema = z.object({
  event: z.literal('charge.paid'),
  gateway: z.string().min(1).max(16),
  chargeId: z.string().min(1).max(128),
  merchantRef: z.string().regex(/^[A-Z0-9]{6,20}$/),
  txnId: z.string().min(1).max(128),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  paidAt: z.string().max(64),
});

export async function qrWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  // Encapsulated: only this plugin's routes see the raw-body parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: { gateway: string } }>(
    '/api/webhooks/qr/:gateway',
    { bodyLimit: WEBHOOK_BODY_LIMIT },
    async (request) => {
      const gateway = qrGatewayCodes.find((c) => c === request.params.gateway);
      if (!gateway) throw new WebhookError('NO_DATA', 404);
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new WebhookError('KEY_INVALID', 400);
      const check = checkWebhookSignature(
        deps.config.deposits.webhookSecret,
        {
          timestamp: request.headers['x-sandbox-timestamp'],
          signature: request.headers['x-sandbox-signature'],
        },
        raw,
        deps.clock.now().getTime(),
      );
      if (check !== 'ok') {
        request.log.warn({ event: 'qr_webhook_refused', gateway, reason: check }, 'webhook');
        throw new WebhookError('UNAUTHORIZED', 401);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new WebhookError('KEY_INVALID', 400);
      }
      const body = paidEventSchema.safeParse(parsed);
      if (!body.success || body.data.gateway !== gateway) {
        request.log.warn({ event: 'qr_webhook_refused', gateway, reason: 'body' }, 'webhook');
        throw new WebhookError('KEY_INVALID', 400);
      }
      const event = body.data;
      const result = await creditQrPayment(deps, {
        gateway,
        merchantRef: event.merchantRef,
        chargeId: event.chargeId,
        txnId: event.txnId,
        amount: event.amount,
        paidAt: event.paidAt,
      });
      const fields = { gateway, ref: event.merchantRef, txnId: event.txnId };
      switch (result.kind) {
        case 'credited':
          request.log.info(
            { event: 'qr_deposit', ...fields, amount: result.row.amount, via: 'webhook' },
            'money',
          );
          return { message: 'OK' };
        case 'duplicate':
          request.log.info({ event: 'qr_webhook_duplicate', ...fields }, 'webhook');
          return { message: 'OK' };
        case 'unknown_ref':
          request.log.warn({ event: 'qr_webhook_unknown_ref', ...fields }, 'webhook');
          throw new WebhookError('NO_DATA', 404);
        case 'mismatch':
          request.log.error(
            {
              event: 'qr_webhook_mismatch',
              ...fields,
              amount: event.amount,
              reason: result.reason,
            },
            'money',
          );
          throw new WebhookError('KEY_INVALID', 409);
      }
    },
  );
}
