import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { mintGuestId } from '../../lib/guest-id';
import type { ChatCaller } from './chat.identity';
import { adoptGuest, resolveChatCaller } from './chat.identity';
import * as service from './chat.service';

// The member and visitor side of the chat (spec section 7; decisions 0095, 0096). The
// caller comes from the bearer token or the signed guest id, never from ids in the body;
// a member's request that carries its earlier guest id adopts that visitor's conversations.
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { chat } = deps.config;

  const caller = async (
    authorization: string | undefined,
    guestId: string | null | undefined,
  ): Promise<{ who: ChatCaller; ownGuestId: string | undefined }> => {
    const who = await resolveChatCaller(deps, authorization, guestId);
    if (who.kind !== 'member' || !guestId) return { who, ownGuestId: undefined };
    const adopted = await adoptGuest(deps, who.memberId, guestId);
    // The guest id is the member's own only when no other member adopted it.
    const own = adopted === 'adopted' || adopted === 'nothing';
    return { who, ownGuestId: own ? guestId : undefined };
  };

  // Public and identity-free: the prefix, and a newly signed guest id for a visitor who has
  // none (the client keeps the one it stored while it still verifies). Guest ids cost
  // nothing, so an address gets a few a minute (429 REQUEST_LIMIT_1MIN; decision 0121).
  const mints = { max: chat.guestIdsPerMin, timeWindow: 60_000 };
  route(app, api.chat.config, { rateLimit: mints }, async () => ({
    PREFIX: chat.prefix,
    guestId: mintGuestId(chat.guestSecret),
  }));

  // Per caller inside the service (chat.sendsPerMin, 429 REQUEST_LIMIT); per address too, ten
  // times as many (a visitor can mint guest ids; many members may share a carrier's address).
  route(
    app,
    api.chat.send,
    { rateLimit: { max: chat.sendsPerMin * 10, timeWindow: 60_000 } },
    async ({ request, body }) => {
      const { conversation } = body;
      const { who, ownGuestId } = await caller(request.headers.authorization, conversation.guestId);
      return service.sendCustomerMessage(deps, who, {
        message: conversation.message,
        clientMessageId: conversation.clientMessageId,
        guestId: ownGuestId,
        ip: request.ip,
        onCounterError: (error) =>
          request.log.warn({ err: error }, 'visitor conversation limit: shared counters failed'),
      });
    },
  );

  route(app, api.chat.history, {}, async ({ request, body }) => {
    const { who } = await caller(request.headers.authorization, body.guestId);
    return service.history(deps, who, { limit: body.limit, skip: body.skip });
  });

  route(app, api.chat.readCustomer, {}, async ({ request, body }) => {
    const { who } = await caller(request.headers.authorization, body.guestId);
    return service.markRead(deps, who);
  });
}
