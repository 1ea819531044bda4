// The member's push routes (issue 29, decision 0152). The member and session come from the
// bearer token; a subscription is only ever this member's.
import { api, PUSH_KINDS } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './push.service';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const g = api.push;
  const answer = async (memberId: number) => ({
    ...(await service.preferencesOf(deps.db, memberId, service.defaultLang(deps.config))),
    devices: await service.deviceCount(deps.db, memberId),
  });

  route(app, g.config, {}, async () => ({
    publicKey: deps.config.push.vapidPublicKey,
    kinds: [...PUSH_KINDS],
  }));
  route(app, g.subscribe, {}, async ({ member, body }) => {
    await service.subscribe(deps, member, body);
    return { message: 'OK' as const };
  });
  route(app, g.unsubscribe, {}, async ({ member, body }) => {
    await service.unsubscribe(deps.db, member.memberId, body.endpoint);
    return { message: 'OK' as const };
  });
  route(app, g.preferences, {}, ({ member }) => answer(member.memberId));
  route(app, g.setPreferences, {}, async ({ member, body }) => {
    await service.setPreferences(deps, member.memberId, body);
    return answer(member.memberId);
  });
}
