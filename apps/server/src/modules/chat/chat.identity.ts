// Who is chatting (decisions 0095, 0096): a member when a member bearer token comes with the
// request, else a visitor whose guest id this server signed, else nobody. Ids in a body
// (userId) never choose whose data is read. SOCKET (the handshake) and FILES (uploads,
// serving) use the same functions, so a room and an owner mean the same thing everywhere.
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
    await lockKey(trx, `chat:guest:${guestId}`);
    await lockKey(trx, `chat:caller:member:${memberId}`);
    const rows = await repo.conversationsOfGuestId(trx, guestId);
    if (rows.some((c) => c.member_id !== null && c.member_id !== memberId)) return 'other_member';
    const pending = rows.filter((c) => c.member_id === null);
    if (pending.length === 0) return 'nothing';
    const memberOpen = await repo.findOpenConversation(trx, { memberId });
    const guestOpen = pending.find((c) => c.status === 'open');
    if (memberOpen && guestOpen) await repo.mergeConversation(trx, guestOpen.id, memberOpen.id);
    await repo.adoptConversations(
      trx,
      pending.filter((c) => !(memberOpen && c.id === guestOpen?.id)).map((c) => c.id),
      memberId,
    );
    await repo.rekeyFiles(trx, `guest:${guestId}`, `member:${memberId}`);
    return 'adopted';
  });
}
