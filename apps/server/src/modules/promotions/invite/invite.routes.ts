import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/contract-route';
import * as service from './invite.service';

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  // Scoped to the caller: the member id comes from the session, never from the request.
  route(app, api.invite.list, {}, ({ member, body }) =>
    service.listInvites(deps.db, member.memberId, body),
  );
  route(app, api.invite.claim, {}, async ({ member, request }) => {
    const claimed = await service.claimInviteBonus(deps, member);
    request.log.info(
      { event: 'invite_claim', memberNo: member.memberNo, ...claimed },
      'promotions',
    );
    return { message: 'INVITE_BONUS_SUCCESS' };
  });
  route(app, api.invite.banners, {}, ({ locale }) => service.inviteBanners(deps.db, locale));
}
