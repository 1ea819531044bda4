import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseBahtText } from '../../lib/money-text.js';
import type { PartContext } from '../part.js';
import {
  GIFT_PAGE_CSP,
  GIFT_PAGE_ROWS,
  giftNotices,
  renderCampaignPage,
  renderGiftPage,
} from './gift.page.js';
import { publicBase, redeemOutcome, voucherLink } from './gift.routes.js';
import { hashSchema, mobileSchema } from './gift.schemas.js';
import type { GiftStore } from './gift.store.js';

// The tester's pages, without the key: create links (/gift) and a link's landing page
// (/gift/campaign/?v=), with plain form posts that redirect back.

const noticeSchema = z.string().max(40).optional();
const giftQuerySchema = z.object({ n: noticeSchema, new: z.string().max(64).optional() });
const campaignQuerySchema = z.object({ v: z.string().max(64).optional(), n: noticeSchema });
const createFormSchema = z.object({ ownerMobile: mobileSchema, amount: z.string().max(32) });
const redeemFormSchema = z.object({ v: z.string().max(64), mobile: z.string().max(32) });

export function registerGiftPages(app: FastifyInstance, store: GiftStore, context: PartContext) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/gift', async (request, reply) => {
    const query = giftQuerySchema.safeParse(request.query);
    const q = query.success ? query.data : {};
    const base = publicBase(request, context);
    const fresh = q.new === undefined ? undefined : store.get(q.new);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', GIFT_PAGE_CSP)
      .send(
        renderGiftPage({
          vouchers: store.list(GIFT_PAGE_ROWS),
          count: store.size,
          fresh,
          linkOf: (hash) => voucherLink(base, hash),
          notice: q.n === undefined ? undefined : giftNotices[q.n],
        }),
      );
  });

  app.post('/gift/page/create', async (request, reply) => {
    const form = createFormSchema.safeParse(request.body ?? {});
    const amount = form.success ? parseBahtText(form.data.amount) : null;
    if (!form.success || amount === null) return reply.redirect('/gift?n=INVALID_VOUCHER', 303);
    const result = store.create({ ownerMobile: form.data.ownerMobile, amount });
    if (result.type === 'capacity') return reply.redirect('/gift?n=CAPACITY_REACHED', 303);
    return reply.redirect(`/gift?n=CREATED&new=${result.voucher.hash}#new-link`, 303);
  });

  // Both /gift/campaign/ (the real link shape) and /gift/campaign answer.
  const campaign = async (request: { query: unknown }, reply: FastifyReply) => {
    const query = campaignQuerySchema.safeParse(request.query);
    const q = query.success ? query.data : {};
    const hash = hashSchema.safeParse(q.v);
    const voucher = hash.success ? store.get(hash.data) : undefined;
    return reply
      .code(voucher ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(renderCampaignPage(voucher, q.n === undefined ? undefined : giftNotices[q.n]));
  };
  app.get('/gift/campaign/', campaign);
  app.get('/gift/campaign', campaign);

  app.post('/gift/page/redeem', async (request, reply) => {
    const form = redeemFormSchema.safeParse(request.body ?? {});
    if (!form.success) return reply.redirect('/gift', 303);
    const back = (code: string) => `/gift/campaign/?v=${encodeURIComponent(form.data.v)}&n=${code}`;
    const mobile = mobileSchema.safeParse(form.data.mobile);
    if (!mobile.success) return reply.redirect(back('INVALID_MOBILE'), 303);
    const hash = hashSchema.safeParse(form.data.v);
    const result = hash.success
      ? store.redeem(hash.data, mobile.data)
      : ({ type: 'unknown' } as const);
    const outcome = redeemOutcome(result);
    const code = outcome.status === 200 ? 'SUCCESS' : String(outcome.body.error);
    return reply.redirect(back(code), 303);
  });
}
