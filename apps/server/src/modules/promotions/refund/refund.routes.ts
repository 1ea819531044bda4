import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import * as service from './refund.service';

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  // Scoped to the caller: the member id comes from the session, never from the request.
  route(app, api.refund.list, {}, ({ member, body }) =>
    service.listRefunds(deps.db, member.memberId, body),
  );
  route(app, api.refund.check, {}, ({ member, locale }) =>
    service.checkRefund(deps, member, locale),
  );
  route(app, api.refund.receive, {}, async ({ member, request }) => {
    const received = await service.receiveRefund(deps, member);
    request.log.info(
      { event: 'refund_receive', memberNo: member.memberNo, ...received },
      'promotions',
    );
    return { message: 'REFUND_SUCCESS' };
  });
  route(app, api.refund.addWallet, {}, async ({ member, request }) => {
    const moved = await service.moveRefunds(deps, member);
    request.log.info({ event: 'refund_move', memberNo: member.memberNo, ...moved }, 'promotions');
    return { message: 'REFUND_SUCCESS' };
  });
  route(app, api.refund.banners, {}, ({ locale }) => service.refundBanners(deps.db, locale));
}
