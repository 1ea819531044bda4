import type { FastifyInstance } from 'fastify';
import { invalid } from '../../lib/validation.js';
import {
  MAX_CHARGE_LIFETIME_MS,
  chargeParamsSchema,
  createChargeBodySchema,
  gatewayParamsSchema,
  listChargesQuerySchema,
  listWebhooksQuerySchema,
  payBodySchema,
} from './bank-qr.schemas.js';
import { isQrGateway, type Charge, type PayResult, type QrGatewayStore } from './bank-qr.store.js';
import { chargePaidEvent, type WebhookDispatcher } from './bank.webhooks.js';

// The QR gateway's JSON API, registered inside the bank's keyed scope (bank.routes.ts owns
// the key check and the `{ error }` handler). docs/decisions/0022-sandbox-qr-gateway-and-webhooks.md.

function createdAnswer(charge: Charge) {
  const { chargeId, merchantRef, payload, amount, expiresAt, status } = charge;
  return { chargeId, merchantRef, payload, amount, expiresAt, status };
}

function chargeAnswer(charge: Charge) {
  const { chargeId, merchantRef, amount, expiresAt, status, txnId, paidAt } = charge;
  return { chargeId, merchantRef, amount, expiresAt, status, txnId, paidAt };
}

/** The list (page, e2e) also carries the gateway and the payload to pay with. */
export function listedCharge(charge: Charge) {
  const { gateway, payload, createdAt } = charge;
  return { gateway, ...chargeAnswer(charge), payload, createdAt };
}

/** Pay answers shared with the page's Pay button: status code and body for a result. */
export function payOutcome(result: PayResult): { status: number; body: Record<string, unknown> } {
  switch (result.type) {
    case 'paid': {
      const { txnId, chargeId, amount, paidAt } = result.charge;
      return { status: 201, body: { txnId, chargeId, amount, paidAt } };
    }
    case 'invalid':
      return { status: 400, body: { error: 'INVALID_PAYLOAD' } };
    case 'unknown':
      return { status: 404, body: { error: 'UNKNOWN_CHARGE' } };
    case 'already_paid':
      return { status: 409, body: { error: 'ALREADY_PAID' } };
    case 'cancelled':
      return { status: 409, body: { error: 'CANCELLED' } };
    case 'expired':
      return { status: 410, body: { error: 'EXPIRED' } };
  }
}

/** Pays by payload and, when it paid, starts the webhook. The one path the API and page share. */
export function payAndNotify(
  store: QrGatewayStore,
  webhooks: WebhookDispatcher,
  payload: string,
): PayResult {
  const result = store.payByPayload(payload);
  if (result.type === 'paid') {
    webhooks.deliver(result.charge.callbackUrl, chargePaidEvent(result.charge));
  }
  return result;
}

export function registerQrApi(
  app: FastifyInstance,
  store: QrGatewayStore,
  webhooks: WebhookDispatcher,
  now: () => Date,
) {
  app.post('/bank/qr/:gateway/charges', async (request, reply) => {
    const { gateway } = gatewayParamsSchema.parse(request.params);
    if (!isQrGateway(gateway)) return reply.code(404).send({ error: 'UNKNOWN_GATEWAY' });
    const body = createChargeBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const expiresAtMs = Date.parse(body.data.expiresAt);
    if (expiresAtMs - now().getTime() > MAX_CHARGE_LIFETIME_MS) {
      return reply.code(400).send({
        error: 'INVALID_BODY',
        issues: [{ path: 'expiresAt', message: 'at most 7 days ahead' }],
      });
    }
    const result = store.create({
      ...body.data,
      gateway,
      expiresAt: new Date(expiresAtMs).toISOString(),
    });
    request.log.info(
      { gateway, merchantRef: body.data.merchantRef, result: result.type },
      'qr charge',
    );
    switch (result.type) {
      case 'created':
        return reply.code(201).send(createdAnswer(result.charge));
      case 'replayed':
        return reply
          .code(201)
          .header('x-idempotent-replay', 'true')
          .send(createdAnswer(result.charge));
      case 'conflict':
        return reply.code(409).send({ error: 'REF_CONFLICT' });
      case 'capacity':
        return reply.code(503).send({ error: 'CAPACITY_REACHED' });
    }
  });

  app.get('/bank/qr/charges', async (request, reply) => {
    const query = listChargesQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    const { limit, status, gateway } = query.data;
    return reply.send(
      store
        .list({
          limit,
          ...(status === undefined ? {} : { status }),
          ...(gateway === undefined ? {} : { gateway }),
        })
        .map(listedCharge),
    );
  });

  app.get('/bank/qr/webhooks', async (request, reply) => {
    const query = listWebhooksQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    const { limit, chargeId, status } = query.data;
    return reply.send(
      webhooks.list({
        limit,
        ...(chargeId === undefined ? {} : { chargeId }),
        ...(status === undefined ? {} : { status }),
      }),
    );
  });

  app.get('/bank/qr/:gateway/charges/:chargeId', async (request, reply) => {
    const { gateway, chargeId } = chargeParamsSchema.parse(request.params);
    if (!isQrGateway(gateway)) return reply.code(404).send({ error: 'UNKNOWN_GATEWAY' });
    const charge = store.get(gateway, chargeId);
    if (!charge) return reply.code(404).send({ error: 'UNKNOWN_CHARGE' });
    return reply.send(chargeAnswer(charge));
  });

  app.delete('/bank/qr/:gateway/charges/:chargeId', async (request, reply) => {
    const { gateway, chargeId } = chargeParamsSchema.parse(request.params);
    if (!isQrGateway(gateway)) return reply.code(404).send({ error: 'UNKNOWN_GATEWAY' });
    const result = store.cancel(gateway, chargeId);
    switch (result.type) {
      case 'cancelled':
        return reply.send({ status: 'CANCELLED' });
      case 'paid':
        return reply.code(409).send({ error: 'ALREADY_PAID' });
      case 'unknown':
        return reply.code(404).send({ error: 'UNKNOWN_CHARGE' });
    }
  });

  app.post('/bank/qr/pay', async (request, reply) => {
    const body = payBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const result = payAndNotify(store, webhooks, body.data.payload);
    request.log.info({ result: result.type }, 'qr pay');
    const outcome = payOutcome(result);
    return reply.code(outcome.status).send(outcome.body);
  });

  // Sends charge.paid once more (a tester, or the server's race test). Answers the new
  // delivery after its first attempt; later retries go on in the background.
  app.post('/bank/qr/:gateway/charges/:chargeId/redeliver', async (request, reply) => {
    const { gateway, chargeId } = chargeParamsSchema.parse(request.params);
    if (!isQrGateway(gateway)) return reply.code(404).send({ error: 'UNKNOWN_GATEWAY' });
    const charge = store.get(gateway, chargeId);
    if (!charge) return reply.code(404).send({ error: 'UNKNOWN_CHARGE' });
    if (charge.status !== 'PAID') return reply.code(409).send({ error: 'NOT_PAID' });
    const { firstAttempt } = webhooks.deliver(
      charge.callbackUrl,
      chargePaidEvent(charge),
      'redeliver',
    );
    return reply.send(await firstAttempt);
  });
}
