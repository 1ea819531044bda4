import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardJsonApi } from '../../lib/key.js';
import { invalid } from '../../lib/validation.js';
import type { PartContext } from '../part.js';
import {
  createVoucherBodySchema,
  hashSchema,
  listVouchersQuerySchema,
  redeemBodySchema,
} from './gift.schemas.js';
import type { GiftStore, RedeemResult, Voucher } from './gift.store.js';

// The gift-voucher issuer's JSON API (docs/decisions/0023-sandbox-slips-and-gift-vouchers.md).
// Failures answer `{ error: CODE }`, as a third party would.

/** The public base links point at: SANDBOX_PUBLIC_URL, else the address the caller used. */
export function publicBase(request: FastifyRequest, context: PartContext): string {
  return context.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function voucherLink(base: string, hash: string): string {
  return `${base}/gift/campaign/?v=${hash}`;
}

function voucherAnswer(voucher: Voucher) {
  const { hash, amount, ownerMobile, status, expiresAt } = voucher;
  return { hash, amount, ownerMobile, status, expiresAt };
}

/** Redeem answers shared with the landing page's form. */
export function redeemOutcome(result: RedeemResult): {
  status: number;
  body: Record<string, unknown>;
} {
  switch (result.type) {
    case 'redeemed': {
      const { hash, amount, ownerMobile, redeemedAt } = result.voucher;
      return { status: 200, body: { hash, amount, ownerMobile, redeemedAt, status: 'SUCCESS' } };
    }
    case 'unknown':
      return { status: 404, body: { error: 'VOUCHER_NOT_FOUND' } };
    case 'out_of_stock':
      return { status: 409, body: { error: 'VOUCHER_OUT_OF_STOCK' } };
    case 'expired':
      return { status: 410, body: { error: 'VOUCHER_EXPIRED' } };
    case 'own':
      return { status: 400, body: { error: 'CANNOT_GET_OWN_VOUCHER' } };
  }
}

export function registerGiftApi(app: FastifyInstance, store: GiftStore, context: PartContext) {
  guardJsonApi(app, context.config.apiKey, 'gift');

  app.post('/gift/vouchers', async (request, reply) => {
    const body = createVoucherBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const { ownerMobile, amount, expiresInSeconds } = body.data;
    const result = store.create({
      ownerMobile,
      amount,
      lifetimeMs: expiresInSeconds === undefined ? undefined : expiresInSeconds * 1000,
    });
    if (result.type === 'capacity') return reply.code(503).send({ error: 'CAPACITY_REACHED' });
    const { hash, expiresAt } = result.voucher;
    return reply.code(201).send({
      hash,
      link: voucherLink(publicBase(request, context), hash),
      amount,
      ownerMobile,
      expiresAt,
    });
  });

  app.get('/gift/vouchers', async (request, reply) => {
    const query = listVouchersQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    return reply.send(store.list(query.data.limit).map(voucherAnswer));
  });

  app.get('/gift/vouchers/:hash', async (request, reply) => {
    const hash = hashSchema.safeParse((request.params as { hash: string }).hash);
    const voucher = hash.success ? store.get(hash.data) : undefined;
    if (!voucher) return reply.code(404).send({ error: 'VOUCHER_NOT_FOUND' });
    return reply.send(voucherAnswer(voucher));
  });

  app.post('/gift/vouchers/:hash/redeem', async (request, reply) => {
    const hash = hashSchema.safeParse((request.params as { hash: string }).hash);
    if (!hash.success) return reply.code(404).send({ error: 'VOUCHER_NOT_FOUND' });
    const body = redeemBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const result = store.redeem(hash.data, body.data.mobile);
    request.log.info({ result: result.type }, 'gift redeem');
    const outcome = redeemOutcome(result);
    return reply.code(outcome.status).send(outcome.body);
  });
}
