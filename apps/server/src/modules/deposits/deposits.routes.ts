import { api, bahtToSatang } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { assertDepositAllowed } from '../promotions';
import { redeemGiftLink } from './deposits.gift-links';
import { cancelQr, createQr, getQr } from './deposits.qr';

// docs/decisions/0024 (QR) and 0025 (gift links, limits).
export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  route(app, api.qr.get, {}, ({ member, params }) => getQr(deps, member.memberId, params.bankCode));

  // A deposit is refused while a bonus or promotion is open (decision 0071), before anything
  // is stored or asked of a gateway.
  route(app, api.qr.create, {}, async ({ member, params, body, idempotencyKey, request }) => {
    await assertDepositAllowed(deps, member.memberId);
    const answer = await createQr(
      deps,
      member.memberId,
      params.bankCode,
      bahtToSatang(body.amount),
      idempotencyKey,
    );
    request.log.info(
      {
        event: 'qr_create',
        memberNo: member.memberNo,
        bank: params.bankCode,
        amount: body.amount,
        ref: answer.qrcodeId,
        message: answer.message,
      },
      'money',
    );
    return answer;
  });

  route(app, api.qr.cancel, {}, async ({ member, params }) => {
    await cancelQr(deps, member.memberId, params.qrcodeId);
    return { message: 'OK' };
  });

  const giftPerIp = { max: deps.config.deposits.giftLinkPerMin, timeWindow: 60_000 };
  route(
    app,
    api.wallet.truelink,
    { rateLimit: giftPerIp },
    async ({ member, body, idempotencyKey, request }) => {
      await assertDepositAllowed(deps, member.memberId);
      const answer = await redeemGiftLink(deps, member.memberId, body.link, idempotencyKey);
      request.log.info(
        { event: 'gift_link_deposit', memberNo: member.memberNo, amount: answer.amount },
        'money',
      );
      return answer;
    },
  );
}
