// Who is chatting (decisions 0095, 0096): a member when a member bearer token comes with the
// request, else a visitor whose guest id this server signed, else nobody. Ids in a body
// (userId) never choose whose data is read. SOCKET (the handshake) and FILES (uploads,
// serving) use the same functions, so a room and an owner mean the same thing everywhere.
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../lib/domain-error';
import { verifyGuestId } from '../../lib/guest-id';
import { lockKey, withTransaction } from '../../db/transaction';
import { memberSummaries } from '../account';
import { authorize } from '../auth';
import * as repo from './chat.repository';

export type ChatCaller =
  | { kind: 'member'; memberId: number; memberNo: string; name: string }
  | { kind: 'guest'; guestId: string };

/**
 * Who a message is shown to: the conversation's customer, or an agent (here, not in
 * chat.service.ts, so chat.files.ts needs nothing from the service: decision 0136).
 */
export type ChatViewer =
  | { kind: 'member'; memberId: number }
  | { kind: 'guest'; guestId: string }
  | { kind: 'operator'; operatorId: number };

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The caller of a chat endpoint or socket:
 * - an `Authorization` header present must be a valid member session (else its auth error:
 *   401 UNAUTHORIZED / EXPIRED_AUTH_TOKEN, 403 for an operator token); a deactivated member
 *   is refused the same way and never falls back to chatting as a visitor;
 * - no header: a guest id this server signed (400 KEY_INVALID when it is not one);
 * - neither: 401 UNAUTHORIZED.
 */
export async function resolveChatCaller(
  deps: Deps,
  authorization: string | undefined,
  guestId: string | null | undefined,
): Promise<ChatCaller> {
  if (authorization !== undefined && authorization.trim() !== '') {
    const auth = await authorize(deps, 'member', authorization);
    if (auth?.kind !== 'member') throw new DomainError('UNAUTHORIZED', 401);
    const summary = (await memberSummaries(deps.db, [auth.memberId])).get(auth.memberId);
    return {
      kind: 'member',
      memberId: auth.memberId,
      memberNo: auth.memberNo,
      name: summary?.name ?? '',
    };
  }
  if (guestId === undefined || guestId === null || guestId === '')
    throw new DomainError('UNAUTHORIZED', 401);
  if (!verifyGuestId(deps.config.chat.guestSecret, guestId))
    throw new DomainError('KEY_INVALID', 400);
  return { kind: 'guest', guestId };
}

/**
 * A client address as the chat stores it on a visitor conversation (decision 0121): a keyed
 * hash (HMAC-SHA256 under the guest-id key, its own purpose), so conversations from one
 * address group in the inbox without the address itself being stored or shown.
 */
export function originOf(deps: Pick<AppDeps, 'config'>, ip: string): string {
  return createHmac('sha256', deps.config.chat.guestSecret)
    .update(`chat-origin-v1:${ip}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The caller's room (spec: PREFIX plus the profile id, or the guest id). */
export function chatRoomOf(deps: Pick<AppDeps, 'config'>, caller: ChatCaller): string {
  return `${deps.config.chat.prefix}${caller.kind === 'member' ? caller.memberNo : caller.guestId}`;
}

/** How chat_messages.sender_key and chat_files.owner_key name a customer. */
export function senderKeyOf(caller: ChatCaller): string {
  return caller.kind === 'member' ? `member:${caller.memberId}` : `guest:${caller.guestId}`;
}

/** Whose conversations a caller reads. */
export function ownerOf(caller: ChatCaller): repo.Owner {
  return caller.kind === 'member' ? { memberId: caller.memberId } : { guestId: caller.guestId };
}

export type AdoptionResult = 'adopted' | 'nothing' | 'other_member' | 'invalid';

/**
 * A visitor signed in (decision 0096): the conversations of the signed guest id that no
 * member owns become the member's, once, in one transaction (idempotent: a second call finds
 * nothing left to adopt). A guest id that another member already adopted is ignored, so a
 * guest id seen on a shared device never hands one member's chat to another. When the
 * visitor and the member both have an open conversation, the visitor's messages (and notes)
 * move into the member's, which stays the one open conversation. The visitor's uploads
 * become the member's. An unsigned guest id is ignored ('invalid').
 */
export async function adoptGuest(
  deps: Deps,
  memberId: number,
  guestId: string | null | undefined,
): Promise<AdoptionResult> {
  if (!verifyGuestId(deps.config.chat.guestSecret, guestId)) return 'invalid';
  // Most requests find nothing to adopt: answer without a write transaction.
  const seen = await repo.conversationsOfGuestId(deps.db, guestId);
  if (seen.some((c) => c.member_id !== null && c.member_id !== memberId)) return 'other_member';
  if (!seen.some((c) => c.member_id === null)) return 'nothing';
  return withTransaction(deps.db, async (trx) => {
    // The locks a send of each side takes (chat.service.ts), always in this order, so no
    // message lands in a conversation while it moves.
    await lockKey(trx, `chat:caller:guest:${guestId}`);
    await lockKey(trx, `chat:caller:member:${memberId}`);
    const rows = await repo.conversationsOfGuestId(trx, guestId);
    if (rows.some((c) => c.member_id !== null && c.member_id !== memberId)) return 'other_member';
    const pending = rows.filter((c) => c.member_id === null);
    if (pending.length === 0) return 'nothing';
    const memberOpen = await repo.findOpenConversation(trx, { memberId });
    const guestOpen = pending.find((c) => c.status === 'open');
    if (memberOpen && guestOpen) {
      // An agent's reply or close holds the conversation's lock (chat.service.ts).
      await lockKey(trx, `chat:conversation:${guestOpen.id}`);
      await repo.mergeConversation(trx, guestOpen.id, memberOpen.id);
    }
    await repo.adoptConversations(
      trx,
      pending.filter((c) => !(memberOpen && c.id === guestOpen?.id)).map((c) => c.id),
      memberId,
    );
    await repo.rekeyFiles(trx, `guest:${guestId}`, `member:${memberId}`);
    return 'adopted';
  });
}

/**
 * The socket handshake's caller and room (`auth: { token?, guestId? }`, decision 0095): the
 * same rules as a REST call, and the same adoption when a member brings its guest id. Throws
 * the caller's refusal (DomainError); operators are the socket layer's own check.
 */
export async function socketCaller(
  deps: Deps,
  auth: { token?: unknown; guestId?: unknown },
): Promise<{ caller: ChatCaller; room: string }> {
  const token = typeof auth.token === 'string' && auth.token !== '' ? auth.token : undefined;
  const guestId = typeof auth.guestId === 'string' ? auth.guestId : undefined;
  const caller = await resolveChatCaller(deps, token ? `Bearer ${token}` : undefined, guestId);
  if (caller.kind === 'member' && guestId) await adoptGuest(deps, caller.memberId, guestId);
  return { caller, room: chatRoomOf(deps, caller) };
}
