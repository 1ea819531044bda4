import type { FastifyInstance, FastifyReply } from 'fastify';
import { invalid } from '../../lib/validation.js';
import {
  listTransfersQuerySchema,
  transRefSchema,
  transferBodySchema,
  verifySlipBodySchema,
} from './bank-qr.schemas.js';
import { accountNoShape, bankCodeShape } from './bank.schemas.js';
import {
  maskAccountNo,
  type Transfer,
  type TransferRequest,
  type TransferStore,
} from './bank-transfers.store.js';
import { renderSlip } from './bank.slip-image.js';

// Transfers and the slip-verify API (keyed, inside the bank's scope), and the slip images
// (no key: the member downloads them). docs/decisions/0023-sandbox-slips-and-gift-vouchers.md.

/** A back-dated transfer is fine (tests of the 1-hour rule); one from the future is not. */
const MAX_FUTURE_SKEW_MS = 60_000;

export function slipUrl(transRef: string): string {
  return `/bank/transfers/${transRef}/slip.png`;
}

export function transferAnswer(transfer: Transfer) {
  const { transRef, sendingBank, amount, transferredAt } = transfer;
  return { transRef, sendingBank, amount, transferredAt, slipUrl: slipUrl(transRef) };
}

export type MakeTransferOutcome =
  { type: 'made'; transfer: Transfer } | { type: 'invalid_account' | 'future' | 'capacity' };

/** Shared by the API and the page's transfer form. */
export function makeTransfer(
  store: TransferStore,
  request: TransferRequest,
  now: () => Date,
): MakeTransferOutcome {
  for (const party of [request.from, request.to]) {
    if (!bankCodeShape.test(party.bankCode) || !accountNoShape.test(party.accountNo)) {
      return { type: 'invalid_account' };
    }
  }
  if (request.at !== undefined && Date.parse(request.at) - now().getTime() > MAX_FUTURE_SKEW_MS) {
    return { type: 'future' };
  }
  const result = store.make(request);
  return result.type === 'made' ? result : { type: 'capacity' };
}

export function registerTransfersApi(app: FastifyInstance, store: TransferStore, now: () => Date) {
  app.post('/bank/transfers', async (request, reply) => {
    const body = transferBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const outcome = makeTransfer(store, body.data, now);
    switch (outcome.type) {
      case 'made':
        return reply.code(201).send(transferAnswer(outcome.transfer));
      case 'invalid_account':
        return reply.code(400).send({ error: 'INVALID_ACCOUNT' });
      case 'future':
        return reply.code(400).send({
          error: 'INVALID_BODY',
          issues: [{ path: 'at', message: 'not in the future' }],
        });
      case 'capacity':
        return reply.code(503).send({ error: 'CAPACITY_REACHED' });
    }
  });

  app.get('/bank/transfers', async (request, reply) => {
    const query = listTransfersQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    return reply.send(
      store.list(query.data.limit).map((t) => ({
        ...transferAnswer(t),
        sender: t.sender,
        receiver: t.receiver,
      })),
    );
  });

  // What a slip-verification service (and our server's SlipVerifier) asks the bank. The
  // receiver sees its own account in full; the sender's is masked as on the slip.
  app.post('/bank/slips/verify', async (request, reply) => {
    const body = verifySlipBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const transfer = store.verify(body.data.sendingBank, body.data.transRef);
    if (!transfer) return reply.code(404).send({ error: 'SLIP_NOT_FOUND' });
    const { transRef, sendingBank, amount, transferredAt, sender, receiver } = transfer;
    return reply.send({
      transRef,
      sendingBank,
      amount,
      transferredAt,
      sender: { ...sender, accountNo: maskAccountNo(sender.accountNo) },
      receiver,
    });
  });
}

/** Slips rendered lately (an image never changes; a JPEG costs ~0.1 s of pure-JS encoding). */
const SLIP_CACHE_SIZE = 200;

/** Public: GET /bank/transfers/:transRef/slip.png and slip.jpg. */
export function registerSlipImages(app: FastifyInstance, store: TransferStore) {
  const cache = new Map<string, Buffer>();
  const image = (transfer: Transfer, format: 'png' | 'jpeg'): Buffer => {
    const key = `${format}:${transfer.transRef}`;
    let bytes = cache.get(key);
    if (bytes) {
      cache.delete(key); // re-inserted below: the map stays in recency order
    } else {
      bytes = renderSlip(transfer, format);
      if (cache.size >= SLIP_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, bytes);
    return bytes;
  };
  const send =
    (format: 'png' | 'jpeg') => async (request: { params: unknown }, reply: FastifyReply) => {
      const params = request.params as { transRef?: string };
      const transRef = transRefSchema.safeParse(params.transRef);
      const transfer = transRef.success ? store.get(transRef.data) : undefined;
      if (!transfer) return reply.code(404).send({ error: 'SLIP_NOT_FOUND' });
      const ext = format === 'png' ? 'png' : 'jpg';
      return reply
        .type(format === 'png' ? 'image/png' : 'image/jpeg')
        .header('content-disposition', `inline; filename="slip-${transfer.transRef}.${ext}"`)
        .send(image(transfer, format));
    };
  app.get('/bank/transfers/:transRef/slip.png', send('png'));
  app.get('/bank/transfers/:transRef/slip.jpg', send('jpeg'));
}
